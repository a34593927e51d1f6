package io.ccrj.examples.clustering;

import io.ccrj.core.Dispatcher;
import io.ccrj.dss.Fault;
import io.ccrj.dss.FaultCode;
import io.ccrj.dss.HandlerKind;
import io.ccrj.dss.Handlers;
import io.ccrj.dss.JsonBodies;
import io.ccrj.dss.Operation;
import io.ccrj.dss.Response;
import io.ccrj.dss.Service;
import io.ccrj.dss.ServiceRef;
import io.ccrj.dss.Verb;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The workflow's clustering service (contract {@value #CONTRACT}): it owns every job's state, and
 * runs each job ({@link ClusteringPipeline}: a CCR fan-out, the annealing on ccr-mpi ranks in this
 * JVM, a CCR fan-out again) on a thread of its own, reporting progress as notifications.
 *
 * <p>Partners: {@code data}, the {@link DataService} the points come from, and {@code self}, this
 * service itself (its job threads post their progress to it, so that the state changes only in
 * its exclusive handlers and every change is a notification).
 *
 * <ul>
 *   <li>State: {@code {"jobs": {"<id>": {"status", "dataset", "temperature", "clusters", "freeEnergy",
 *       "iterationMillis", "fractionDone", "stage", "result", "error", "picture"}}}}; {@code picture} is
 *       the live SVG picture of the clusters (the points on the first two principal components
 *       coloured by their nearest centre at the current temperature), refreshed at each
 *       temperature while the job runs and the final one when it is done.</li>
 *   <li>Submit {@code submit}: {@code {"dataset": "name", "clusters": K (0 or absent: chosen),
 *       "ranks": P, "threads": T, "quick": true}} answers {@code {"job": "<id>", "status": "running"}}; an unknown
 *       data set is 404; K above the points, or ranks above them, 400.</li>
 *   <li>Submit {@code cancel}: {@code {"job": "<id>"}}: the job stops at its next iteration and
 *       ends "cancelled"; a finished job is 409, an unknown one 404.</li>
 *   <li>Query {@code ?job=<id>} (and {@code &part=assignments} for every point's cluster): one
 *       job; the assignments of a job that is not done are 409 naming its status.</li>
 *   <li>Submit {@code job-update}: the job threads' own progress reports; refused (403) to anyone
 *       else. Its notifications are the progress: {@code {"job", "status", "temperature",
 *       "clusters", "freeEnergy", "iterationMillis", "fractionDone", "stage"}}.</li>
 * </ul>
 *
 * <p>Thread safety: the state is changed only by the exclusive handlers ({@code job-update},
 * {@code cancel}'s status change). The running jobs' cancel flags, assignments and pending updates
 * live in concurrent maps; a job thread writes an update into {@code pending} before it posts the
 * operation that takes it out, so the handler sees it (the post happens-before the handler).
 */
public final class ClusteringService extends Service<ClusteringService.State> {
    /** The contract id. */
    public static final String CONTRACT = "clustering";
    /** The most points the live picture draws. */
    static final int LIVE_POINTS = 1_500;
    /** The most progress updates a job posts per second (besides its changes of clusters and stage). */
    static final long UPDATE_INTERVAL_NANOS = 100_000_000L;

    /**
     * A job's result.
     *
     * @param clusters K
     * @param adjustedRand against the data set's known clusters, or null
     * @param counts the points of each cluster
     * @param centres each cluster's centre in the data's units
     * @param t0 the starting temperature
     * @param iterations the EM iterations
     * @param iterationMillis the mean time of one
     * @param fluctuation the slowest rank's compute time over the mean
     * @param criterion the Bayesian information criterion of each K tried, when K was chosen
     * @param stageMillis the wall time of each stage
     */
    public record Summary(int clusters, Double adjustedRand, long[] counts, List<double[]> centres, double t0,
                          int iterations, double iterationMillis, double fluctuation, Map<Integer, Double> criterion,
                          Map<String, Double> stageMillis) {
    }

    /**
     * One job as the state shows it.
     *
     * @param id its id
     * @param dataset the data set it clusters
     * @param status running, cancelling, done, failed or cancelled
     * @param stage the workflow stage it is in (or last finished)
     * @param temperature the current temperature (0 in the T -&gt; 0 limit)
     * @param clusters the current number of clusters
     * @param freeEnergy the free energy at the last temperature
     * @param iterationMillis the mean time of an EM iteration at the last temperature
     * @param fractionDone the estimated fraction of the annealing done
     * @param result the result, once done
     * @param error what went wrong, once failed
     * @param picture the live picture, SVG
     */
    public record Job(String id, String dataset, String status, String stage, double temperature, int clusters,
                      double freeEnergy, double iterationMillis, double fractionDone, Summary result, String error,
                      String picture) {
        Job with(String newStatus) {
            return new Job(id, dataset, newStatus, stage, temperature, clusters, freeEnergy, iterationMillis,
                    fractionDone, result, error, picture);
        }

        boolean finished() {
            return status.equals("done") || status.equals("failed") || status.equals("cancelled");
        }
    }

    /**
     * The state: every job by id.
     *
     * @param jobs id to job, in submission order; unmodifiable
     */
    public record State(Map<String, Job> jobs) {
        /** Wraps the map as unmodifiable; {@code null} is empty. */
        public State {
            jobs = jobs == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(jobs));
        }
    }

    /**
     * What {@code submit} takes.
     *
     * @param dataset the data set's name in the data service
     * @param clusters K, or 0 to choose it
     * @param ranks the ccr-mpi ranks
     * @param threads the threads of each rank (default 1)
     * @param quick the quick schedule (default) or the full one
     */
    public record Submit(String dataset, Integer clusters, Integer ranks, Integer threads, Boolean quick) {
    }

    /**
     * What {@code cancel} takes.
     *
     * @param job the job's id
     */
    public record JobId(String job) {
    }

    private final AtomicLong ids = new AtomicLong();
    private final Map<String, AtomicBoolean> cancelFlags = new ConcurrentHashMap<>();
    private final Map<String, int[]> assignments = new ConcurrentHashMap<>();
    private final Map<String, Job> pending = new ConcurrentHashMap<>();
    private final SecureRandom random = new SecureRandom();
    private final int defaultRanks;
    private volatile Dispatcher fanOutThreads;
    private volatile ClusteringPipeline pipeline;

    /** A clustering service whose jobs run on as many ranks as processors (at most 8) unless told. */
    public ClusteringService() {
        this(Math.min(8, Math.max(1, Runtime.getRuntime().availableProcessors())));
    }

    /**
     * A clustering service.
     *
     * @param defaultRanks the ranks of a job that names none
     */
    public ClusteringService(int defaultRanks) {
        super(State.class, new State(Map.of()));
        this.defaultRanks = defaultRanks;
    }

    @Override
    public String contract() {
        return CONTRACT;
    }

    @Override
    protected void onStart() {
        fanOutThreads = new Dispatcher(0, "clustering-fan-out");
        pipeline = new ClusteringPipeline(fanOutThreads);
    }

    @Override
    protected void onDrop() {
        cancelFlags.values().forEach(f -> f.set(true));
        Dispatcher d = fanOutThreads;
        if (d != null) {
            d.close();
        }
    }

    @Override
    protected void bind(Handlers h) {
        h.standard(Verb.GET, Verb.SUBSCRIBE)
                .action("submit", HandlerKind.CONCURRENT, this::submit)
                .action("cancel", this::cancel)
                .action("job-update", this::update)
                .on(Verb.QUERY, this::query)
                .actionTypes("submit", Submit.class, null)
                .actionTypes("cancel", JobId.class, State.class)
                .types(Verb.QUERY, JobId.class, null);
    }

    /** Concurrent: it asks the data service for the points and answers in the callback. */
    private void submit(Operation op) throws Fault {
        JsonNode body = op.bodyOrEmpty();
        if (!body.isObject()) {
            throw new Fault(FaultCode.BAD_REQUEST, "submit takes {\"dataset\": \"name\", \"clusters\": K, \"ranks\": P, \"quick\": true}");
        }
        JsonNode ds = body.path("dataset");
        if (!ds.isTextual() || ds.asText().isBlank()) {
            throw new Fault(FaultCode.BAD_REQUEST, "\"dataset\" must name a data set of the data service");
        }
        int clusters = body.has("clusters") ? DataService.whole(body, "clusters", 0, 100_000) : 0;
        int ranks = body.has("ranks") ? DataService.whole(body, "ranks", 1, 64) : 0; // 0: the default, fitted to the points
        int threads = body.has("threads") ? DataService.whole(body, "threads", 1, 64) : 1;
        JsonNode q = body.path("quick");
        if (!q.isMissingNode() && !q.isBoolean()) {
            throw new Fault(FaultCode.BAD_REQUEST, "\"quick\" must be true or false");
        }
        boolean quick = q.isMissingNode() || q.asBoolean();
        String dataset = ds.asText();
        partner("data").submit("points", JsonBodies.object().put("name", dataset)).whenComplete((answer, failure) -> {
            try {
                if (failure != null) {
                    Throwable f = failure instanceof CompletionException ? failure.getCause() : failure;
                    op.fault(f instanceof Fault fault ? fault : new Fault(FaultCode.UNAVAILABLE,
                            "the data service did not answer: " + f.getMessage()));
                    return;
                }
                start(op, dataset, clusters, ranks, threads, quick, answer);
            } catch (Fault f) {
                op.fault(f);
            } catch (IllegalArgumentException e) {
                op.fault(FaultCode.BAD_REQUEST, e.getMessage());
            }
        });
    }

    private void start(Operation op, String dataset, int clusters, int ranks, int threads, boolean quick, Response answer)
            throws Fault {
        DataService.Held held = DataService.fromAnswer(answer.body());
        int jobRanks = ranks > 0 ? ranks : Math.min(defaultRanks, held.points().n());
        JobSpec spec = new JobSpec(clusters, JobSpec.DEFAULT_MAX_CLUSTERS, jobRanks, threads, quick);
        spec.checkAgainst(held.points());
        String id = Long.toString(ids.incrementAndGet());
        AtomicBoolean cancel = new AtomicBoolean();
        cancelFlags.put(id, cancel);
        Job first = new Job(id, dataset, "running", "queued", 0, 0, 0, 0, 0, null, null, null);
        post(first).whenComplete((r, f) -> {
            if (f != null) {
                cancelFlags.remove(id);
                op.fault(FaultCode.INTERNAL, "the job could not be recorded: " + f.getMessage());
                return;
            }
            Thread runner = new Thread(() -> runJob(first, held, spec, cancel), "clustering-job-" + id);
            runner.setDaemon(true);
            runner.start();
            op.respond(JsonBodies.object().put("job", id).put("status", "running"));
        });
    }

    /** The job's thread: the whole pipeline, its progress posted to this service. */
    private void runJob(Job first, DataService.Held held, JobSpec spec, AtomicBoolean cancel) {
        String id = first.id();
        JobTracker tracker = new JobTracker(first);
        try {
            JobResult r = pipeline.run(held.points(), held.labels(), spec, tracker, cancel::get);
            assignments.put(id, r.labels());
            String picture = ClusterPicture.of(r, "job " + id + ": " + r.k() + " clusters").svg();
            List<double[]> centres = new ArrayList<>();
            for (int c = 0; c < r.k(); c++) {
                centres.add(java.util.Arrays.copyOfRange(r.centres(), c * r.d(), (c + 1) * r.d()));
            }
            Summary summary = new Summary(r.k(), Double.isNaN(r.adjustedRand()) ? null : r.adjustedRand(), r.counts(),
                    centres, r.t0(), r.iterations(), r.iterationMillis(), r.fluctuation(), r.criterion(), r.stageMillis());
            Job last = tracker.current;
            post(new Job(id, last.dataset(), "done", "done", 0, r.k(), last.freeEnergy(), last.iterationMillis(), 1,
                    summary, null, picture));
        } catch (CancellationException e) {
            post(tracker.current.with("cancelled"));
        } catch (RuntimeException e) {
            Job last = tracker.current;
            post(new Job(id, last.dataset(), "failed", last.stage(), last.temperature(), last.clusters(),
                    last.freeEnergy(), last.iterationMillis(), last.fractionDone(), null,
                    e.getMessage() == null ? e.toString() : e.getMessage(), last.picture()));
        } finally {
            cancelFlags.remove(id);
        }
    }

    /** Turns the pipeline's events into (throttled) updates of the job. Used by the job's threads. */
    private final class JobTracker implements JobListener {
        volatile Job current;
        private volatile Projection projection;
        private long lastPost;

        JobTracker(Job first) {
            this.current = first;
        }

        @Override
        public void projected(Projection p) {
            projection = p;
        }

        @Override
        public void stage(String name, double millis) {
            Job j = current;
            String next = switch (name) {
                case "standardise" -> "project";
                case "project" -> "anneal";
                case "anneal" -> "assign";
                case "assign" -> "statistics";
                default -> name;
            };
            current = new Job(j.id(), j.dataset(), j.status(), next, j.temperature(), j.clusters(), j.freeEnergy(),
                    j.iterationMillis(), j.fractionDone(), null, null, j.picture());
            post(current);
        }

        @Override
        public void step(Step s) {
            Job j = current;
            long now = System.nanoTime();
            boolean changed = s.clusters() != j.clusters() || s.temperature() == 0;
            if (!changed && now - lastPost < UPDATE_INTERVAL_NANOS) {
                return;
            }
            lastPost = now;
            Projection p = projection;
            String picture = p == null ? j.picture()
                    : p.picture(s, LIVE_POINTS, String.format(Locale.ROOT, "job %s: T = %.4g, %d clusters", j.id(),
                            s.temperature(), s.clusters())).svg();
            current = new Job(j.id(), j.dataset(), j.status(), "anneal", s.temperature(), s.clusters(), s.freeEnergy(),
                    s.iterationMillis(), s.fractionDone(), null, null, picture);
            post(current);
        }
    }

    /**
     * Hands an update of a job to this service's exclusive handler: the job itself waits in
     * {@code pending} under a fresh random key; the operation's body (what subscribers see) is the
     * progress without the picture, and the key, which the handler takes out once.
     */
    private java.util.concurrent.CompletableFuture<Response> post(Job job) {
        byte[] b = new byte[16];
        random.nextBytes(b);
        String key = HexFormat.of().formatHex(b);
        pending.put(key, job);
        ObjectNode body = JsonBodies.object();
        body.put("job", job.id()).put("status", job.status()).put("stage", job.stage())
                .put("temperature", job.temperature()).put("clusters", job.clusters())
                .put("freeEnergy", job.freeEnergy()).put("iterationMillis", job.iterationMillis())
                .put("fractionDone", job.fractionDone()).put("update", key);
        return partner("self").submit("job-update", body).whenComplete((r, f) -> pending.remove(key));
    }

    /** Exclusive: takes the pending update its key names. */
    private void update(Operation op) throws Fault {
        Job job = pending.remove(op.bodyOrEmpty().path("update").asText(""));
        if (job == null) {
            throw new Fault(FaultCode.FORBIDDEN, "job-update is posted by the service's own job threads only");
        }
        Map<String, Job> jobs = new LinkedHashMap<>(state().jobs());
        Job before = jobs.get(job.id());
        if (before != null && before.status().equals("cancelling") && !job.finished()) {
            job = job.with("cancelling"); // a progress report racing the cancel keeps the cancel visible
        }
        jobs.put(job.id(), job);
        setState(new State(jobs));
        op.respond(JsonBodies.object().put("job", job.id()).put("status", job.status()));
    }

    /** Exclusive: flags the job and marks it cancelling. */
    private void cancel(Operation op) throws Fault {
        String id = jobId(op.bodyOrEmpty().path("job"));
        Job job = state().jobs().get(id);
        if (job == null) {
            throw new Fault(FaultCode.NOT_FOUND, "no job '" + id + "'");
        }
        if (job.finished()) {
            throw new Fault(FaultCode.CONFLICT, "job " + id + " has already ended: it is " + job.status());
        }
        AtomicBoolean flag = cancelFlags.get(id);
        if (flag != null) {
            flag.set(true);
        }
        Map<String, Job> jobs = new LinkedHashMap<>(state().jobs());
        jobs.put(id, job.with("cancelling"));
        setState(new State(jobs));
        op.respondState();
    }

    private void query(Operation op) throws Fault {
        String id = op.query().get("job");
        String part = op.query().get("part");
        JsonNode body = op.bodyOrEmpty();
        if (id == null && body.has("job")) {
            id = jobId(body.path("job"));
        }
        if (part == null && body.path("part").isTextual()) {
            part = body.path("part").asText();
        }
        if (id == null || id.isBlank()) {
            throw new Fault(FaultCode.BAD_REQUEST, "query takes ?job=<id> (and &part=assignments)");
        }
        Job job = state().jobs().get(id);
        if (job == null) {
            throw new Fault(FaultCode.NOT_FOUND, "no job '" + id + "'");
        }
        if (part == null || part.equals("job")) {
            op.respond(JsonBodies.toTree(job));
            return;
        }
        if (!part.equals("assignments")) {
            throw new Fault(FaultCode.BAD_REQUEST, "part '" + part + "': must be job or assignments");
        }
        int[] labels = assignments.get(id);
        if (!job.status().equals("done") || labels == null) {
            throw new Fault(FaultCode.CONFLICT, "job " + id + " is " + job.status() + ": it has no assignments"
                    + (job.status().equals("running") ? " yet" : ""));
        }
        ObjectNode answer = JsonBodies.object().put("job", id);
        ArrayNode a = answer.putArray("clusters");
        for (int l : labels) {
            a.add(l);
        }
        op.respond(answer);
    }

    private static String jobId(JsonNode v) throws Fault {
        if (v.isTextual() && !v.asText().isBlank()) {
            return v.asText();
        }
        if (v.isIntegralNumber()) {
            return v.asText();
        }
        throw new Fault(FaultCode.BAD_REQUEST, "\"job\" must be a job's id");
    }
}
