package io.ccrj.bench.dss;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.Locale;

/**
 * One HTTP server of {@link WrkRunner} in a JVM of its own: starts a {@link DssTarget} on a free
 * loopback port, prints {@value #READY} and the ping service's URL on one line, and serves until its
 * standard input ends (the runner closes it, or dies), then stops the server and exits.
 *
 * <p>Run as {@code java -Xms512m -Xmx512m -cp benchmarks.jar io.ccrj.bench.dss.WrkServer TARGET},
 * TARGET one of {@link DssTarget}'s names served over HTTP.
 */
public final class WrkServer {
    /** The first word of the line that says the server is up; the URL follows it. */
    public static final String READY = "ccrj-wrk-server-ready";

    private WrkServer() {
    }

    /**
     * @param args the target's name
     * @throws Exception if it cannot start
     */
    public static void main(String[] args) throws Exception {
        if (args.length != 1) {
            System.err.println("usage: WrkServer TARGET (one of " + Arrays.toString(DssTarget.values()) + ")");
            System.exit(2);
        }
        DssTarget target = DssTarget.valueOf(args[0].toUpperCase(Locale.ROOT));
        if (!target.http) {
            System.err.println(target + " has no HTTP endpoint");
            System.exit(2);
        }
        try (DssTarget.Running running = target.start()) {
            System.out.println(READY + " " + running.pingUrl());
            System.out.flush();
            waitForEndOf(System.in);
        }
        System.exit(0);
    }

    private static void waitForEndOf(InputStream in) throws IOException {
        byte[] buffer = new byte[256];
        while (in.read(buffer) >= 0) {
            // the runner writes nothing: only the end of the stream matters
        }
    }
}
