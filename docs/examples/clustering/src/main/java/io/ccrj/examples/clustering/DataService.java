package io.ccrj.examples.clustering;

import io.ccrj.dss.Fault;
import io.ccrj.dss.FaultCode;
import io.ccrj.dss.HandlerKind;
import io.ccrj.dss.Handlers;
import io.ccrj.dss.JsonBodies;
import io.ccrj.dss.Operation;
import io.ccrj.dss.Service;
import io.ccrj.dss.Verb;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The workflow's data service (contract {@value #CONTRACT}): it holds named data sets of points,
 * loaded from CSV text or generated as a seeded Gaussian mixture, and hands them to the clustering
 * service.
 *
 * <ul>
 *   <li>State: {@code {"datasets": {"<name>": {"points": n, "dims": d, "source": "...", "labelled": bool}}}}
 *       (the points themselves are not in the state, which every Get would copy).</li>
 *   <li>Submit {@code load}: {@code {"name": "...", "csv": "1.5,2\n0.3,4\n"}}: one point per line
 *       ({@link PointsCsv}); a malformed line is 400 naming its line, as are a non-finite number and
 *       text without points.</li>
 *   <li>Submit {@code generate}: {@code {"name", "points", "dims", "clusters", "seed"}}: a
 *       well-separated mixture ({@link GaussianMixture}); its true clusters are kept, so a job on
 *       it reports the adjusted Rand index.</li>
 *   <li>Submit {@code points}: {@code {"name"}} answers {@code {"n", "d", "values": [...], "labels": [...]}}
 *       ({@code labels} only for a generated set); unknown name: 404. What the clustering service
 *       asks for.</li>
 *   <li>Delete {@code /items/<name>}: forgets a data set.</li>
 * </ul>
 *
 * <p>Thread safety: the state is changed only by the exclusive handlers (load, generate, delete);
 * the points live in a concurrent map written by those same handlers before their answer and read
 * by the concurrent {@code points} handler.
 */
public final class DataService extends Service<DataService.State> {
    /** The contract id. */
    public static final String CONTRACT = "clustering-data";
    /** The most points a generated set may have. */
    public static final int MAX_GENERATED = 5_000_000;

    /**
     * What the service says about one data set.
     *
     * @param points its number of points
     * @param dims its dimensions
     * @param source where it came from
     * @param labelled whether its true clusters are known (a generated mixture)
     */
    public record Dataset(int points, int dims, String source, boolean labelled) {
    }

    /**
     * The state: the data sets by name.
     *
     * @param datasets name to description, in the order loaded; unmodifiable
     */
    public record State(Map<String, Dataset> datasets) {
        /** Wraps the map as unmodifiable; {@code null} is empty. */
        public State {
            datasets = datasets == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(datasets));
        }
    }

    /**
     * What {@code load} takes.
     *
     * @param name the data set's name
     * @param csv the points, one per line
     */
    public record Load(String name, String csv) {
    }

    /**
     * What {@code generate} takes.
     *
     * @param name the data set's name
     * @param points the number of points
     * @param dims the dimensions
     * @param clusters the clusters of the mixture
     * @param seed the seed
     */
    public record Generate(String name, int points, int dims, int clusters, long seed) {
    }

    /**
     * What {@code points} takes.
     *
     * @param name the data set's name
     */
    public record Name(String name) {
    }

    /** Points and known labels of one data set. */
    record Held(Points points, int[] labels) {
    }

    private final Map<String, Held> held = new ConcurrentHashMap<>();

    /** A data service with no data sets. */
    public DataService() {
        super(State.class, new State(Map.of()));
    }

    @Override
    public String contract() {
        return CONTRACT;
    }

    @Override
    protected void bind(Handlers h) {
        h.standard(Verb.GET, Verb.SUBSCRIBE)
                .action("load", this::load)
                .action("generate", this::generate)
                .action("points", HandlerKind.CONCURRENT, this::points)
                .on(Verb.DELETE, this::delete)
                .actionTypes("load", Load.class, State.class)
                .actionTypes("generate", Generate.class, State.class)
                .actionTypes("points", Name.class, null);
    }

    private void load(Operation op) throws Fault {
        JsonNode body = op.bodyOrEmpty();
        String name = name(body);
        JsonNode csv = body.path("csv");
        if (!csv.isTextual()) {
            throw new Fault(FaultCode.BAD_REQUEST, "load takes {\"name\": ..., \"csv\": \"x,y\\n...\"}: \"csv\" must be a string");
        }
        Points points;
        try {
            points = PointsCsv.parse(csv.asText(), "csv");
        } catch (IllegalArgumentException e) {
            throw new Fault(FaultCode.BAD_REQUEST, e.getMessage());
        }
        put(name, new Held(points, null), "CSV text");
        op.respondState();
    }

    private void generate(Operation op) throws Fault {
        JsonNode body = op.bodyOrEmpty();
        String name = name(body);
        int n = whole(body, "points", 1, MAX_GENERATED);
        int d = whole(body, "dims", 1, 1000);
        int k = whole(body, "clusters", 1, 10_000);
        if (k > n) {
            throw new Fault(FaultCode.BAD_REQUEST, "clusters: " + k + " is more than points (" + n
                    + "): there can be no more clusters than points");
        }
        if ((long) n * d > 50_000_000L) {
            throw new Fault(FaultCode.BAD_REQUEST, n + " points of " + d + " dimensions are more than 50,000,000 values");
        }
        long seed = body.path("seed").asLong(1);
        GaussianMixture.Labelled g = GaussianMixture.generate(n, d, k, 8, seed);
        put(name, new Held(g.points(), g.labels()), "a generated mixture of " + k + " clusters, seed " + seed);
        op.respondState();
    }

    private void put(String name, Held h, String source) {
        Map<String, Dataset> sets = new LinkedHashMap<>(state().datasets());
        sets.put(name, new Dataset(h.points().n(), h.points().d(), source, h.labels() != null));
        held.put(name, h);
        setState(new State(sets));
    }

    private void delete(Operation op) throws Fault {
        String name = op.key();
        if (!state().datasets().containsKey(name)) {
            throw new Fault(FaultCode.NOT_FOUND, "no data set '" + name + "'");
        }
        Map<String, Dataset> sets = new LinkedHashMap<>(state().datasets());
        Dataset gone = sets.remove(name);
        held.remove(name);
        setState(new State(sets));
        op.respond(JsonBodies.object().put("key", name).set("value", JsonBodies.toTree(gone)));
    }

    private void points(Operation op) throws Fault {
        String name = name(op.bodyOrEmpty());
        Held h = held.get(name);
        if (h == null) {
            throw new Fault(FaultCode.NOT_FOUND, "no data set '" + name + "' (load or generate it first)");
        }
        ObjectNode answer = JsonBodies.object();
        answer.put("n", h.points().n()).put("d", h.points().d());
        ArrayNode values = answer.putArray("values");
        for (double v : h.points().values()) {
            values.add(v);
        }
        if (h.labels() != null) {
            ArrayNode labels = answer.putArray("labels");
            for (int l : h.labels()) {
                labels.add(l);
            }
        }
        op.respond(answer);
    }

    /** The points and labels of a {@code points} answer. */
    static Held fromAnswer(JsonNode answer) throws Fault {
        int n = answer.path("n").asInt();
        int d = answer.path("d").asInt();
        JsonNode values = answer.path("values");
        if (n < 1 || d < 1 || !values.isArray() || values.size() != n * d) {
            throw new Fault(FaultCode.INTERNAL, "the data service's answer is not a set of points");
        }
        double[] v = new double[n * d];
        for (int i = 0; i < v.length; i++) {
            v[i] = values.get(i).asDouble();
        }
        int[] labels = null;
        JsonNode l = answer.path("labels");
        if (l.isArray() && l.size() == n) {
            labels = new int[n];
            for (int i = 0; i < n; i++) {
                labels[i] = l.get(i).asInt();
            }
        }
        return new Held(new Points(n, d, v), labels);
    }

    static String name(JsonNode body) throws Fault {
        JsonNode name = body.path("name");
        if (!name.isTextual() || name.asText().isBlank()) {
            throw new Fault(FaultCode.BAD_REQUEST, "\"name\" must be a non-empty string naming the data set");
        }
        String s = name.asText();
        if (s.length() > 100 || !s.matches("[A-Za-z0-9._-]+")) {
            throw new Fault(FaultCode.BAD_REQUEST, "name '" + (s.length() > 40 ? s.substring(0, 40) + "..." : s)
                    + "': use at most 100 letters, digits, '.', '_' or '-'");
        }
        return s;
    }

    static int whole(JsonNode body, String field, int min, int max) throws Fault {
        JsonNode v = body.path(field);
        if (!v.canConvertToInt() || !v.isIntegralNumber()) {
            throw new Fault(FaultCode.BAD_REQUEST, "\"" + field + "\" must be a whole number from " + min + " to " + max);
        }
        int i = v.asInt();
        if (i < min || i > max) {
            throw new Fault(FaultCode.BAD_REQUEST, "\"" + field + "\": " + i + " is not from " + min + " to " + max);
        }
        return i;
    }
}
