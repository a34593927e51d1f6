package io.ccrj.examples.clustering;

import io.ccrj.dss.JsonBodies;
import io.ccrj.dss.ServiceHost;
import io.ccrj.dss.ServiceRef;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The DSS workflow's cost per stage: one request-response between the workflow's services, the
 * hand-off every stage of a job makes (the clustering service asking the data service for a data
 * set of one point), timed the papers' way (Qiu, Fox &amp; Ho 2006, Fig. 13): groups of 200
 * two-way messages, each sent from the previous one's answer as a job's stages are, repeated, in-process (a local {@link ServiceRef}: a port post, no
 * serialization) and over loopback HTTP (a remote one), beside the papers' "less than 40 µs"
 * for DSS (Qiu et al. 2007 (poster)).
 */
public final class WorkflowOverhead {
    /** Messages per group. */
    static final int GROUP = 200;

    private WorkflowOverhead() {
    }

    /**
     * One row of the workflow table.
     *
     * @param transport in-process or loopback HTTP
     * @param microsPerStage the mean time of one two-way message, microseconds
     * @param interval the half width of its 95% interval over the groups
     * @param groups the groups timed
     */
    public record Row(String transport, double microsPerStage, double interval, int groups) {
    }

    /**
     * Measures.
     *
     * @param groups the groups of {@value #GROUP} messages per transport (after as many untimed)
     * @return a row per transport
     * @throws Exception if a message fails
     */
    public static List<Row> measure(int groups) throws Exception {
        List<Row> rows = new ArrayList<>();
        try (ServiceHost host = ServiceHost.builder().port(0).build().start()) {
            ServiceRef data = host.create("data", new DataService());
            data.submit("load", JsonBodies.object().put("name", "one").put("csv", "1,2\n")).get(10, TimeUnit.SECONDS);
            ServiceRef remote = ServiceRef.remote(URI.create(host.baseUri() + "/services/data"), null);
            rows.add(time("in-process (local ServiceRef)", data, groups));
            rows.add(time("loopback HTTP (remote ServiceRef)", remote, groups));
        }
        return rows;
    }

    private static Row time(String transport, ServiceRef data, int groups) throws Exception {
        JsonNode ask = JsonBodies.object().put("name", "one");
        double[] micros = new double[groups];
        for (int g = -groups; g < groups; g++) {
            long start = System.nanoTime();
            chain(data, ask, GROUP).get(30, TimeUnit.SECONDS);
            if (g >= 0) {
                micros[g] = (System.nanoTime() - start) / 1e3 / GROUP;
            }
        }
        return new Row(transport, OverheadMeasurement.mean(micros), OverheadMeasurement.interval(micros), groups);
    }

    /**
     * {@code left} messages one after another, each sent when the previous one's answer arrives,
     * on the thread that completes it: the way a stage of a job hands off (the clustering
     * service's partner call continues in its answer's callback), so that no thread parks
     * between two messages and the group times the services' hand-offs, not a waiting caller's
     * wake-ups.
     */
    private static CompletableFuture<Void> chain(ServiceRef data, JsonNode ask, int left) {
        if (left == 0) {
            return CompletableFuture.completedFuture(null);
        }
        return data.submit("points", ask).thenCompose(answer -> chain(data, ask, left - 1));
    }

    /**
     * The table as CSV.
     *
     * @param rows the rows
     * @return the text, with a header line
     */
    public static String csv(List<Row> rows) {
        StringBuilder sb = new StringBuilder("transport,time_per_stage_us,interval95_us,groups_of_200\n");
        for (Row r : rows) {
            sb.append(String.format(Locale.ROOT, "\"%s\",%.3f,%.3f,%d%n", r.transport(), r.microsPerStage(), r.interval(),
                    r.groups()));
        }
        return sb.toString();
    }
}
