package io.ccrj.dss;

import io.ccrj.dss.internal.host.cli.HostCli;

/**
 * The standalone host's entry point: {@code java -jar ccrj-host.jar --port 50000 --manifest m.json}
 * (or {@code bin/ccrj host ...}); {@code --help} lists the options with their defaults. With no
 * manifest it runs the built-in {@code kv} and {@code ping}. Every problem found before serving
 * prints one line {@code ccrj host: ...} and exits with status 2; SIGTERM (Ctrl-C) shuts down
 * gracefully. docs/dss-services/running-the-host.md, "Running the host", has the details.
 */
public final class ServiceHostMain {
    private ServiceHostMain() {
    }

    /**
     * Runs a service host until it is stopped.
     *
     * @param args see {@code --help}
     * @throws InterruptedException if interrupted while serving
     */
    public static void main(String[] args) throws InterruptedException {
        // the command line lives in an internal package; the contract check stays package-private here
        HostCli.main(args, (builder, manifest) -> new ContractResolver(builder).check(manifest));
    }
}
