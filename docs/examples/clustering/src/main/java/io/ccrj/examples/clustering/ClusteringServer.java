package io.ccrj.examples.clustering;

import io.ccrj.dss.Fault;
import io.ccrj.dss.ServiceHost;

import java.net.URI;
import java.nio.file.Path;
import java.util.Map;

/**
 * A DSS host running the application's two services: {@code data} ({@link DataService}) and
 * {@code clustering} ({@link ClusteringService}, with partners {@code data} and {@code self}).
 * They are reached over REST like every service of the host, and listed in its OpenAPI document.
 */
public final class ClusteringServer implements AutoCloseable {
    /** The data service's name in the host. */
    public static final String DATA = "data";
    /** The clustering service's name in the host. */
    public static final String CLUSTERING = "clustering";

    private final ServiceHost host;

    private ClusteringServer(ServiceHost host) {
        this.host = host;
    }

    /**
     * Starts a host on 127.0.0.1 with the two services.
     *
     * @param port the port (0: a free one)
     * @param ranks the ranks a job runs on unless it says otherwise
     * @return the running server
     * @throws IllegalStateException if a service cannot start
     */
    public static ClusteringServer start(int port, int ranks) {
        ServiceHost host = ServiceHost.builder().port(port).build().start();
        try {
            host.create(DATA, new DataService());
            host.create(CLUSTERING, new ClusteringService(ranks), Map.of("data", DATA, "self", CLUSTERING), (Path) null);
        } catch (Fault f) {
            host.close();
            throw new IllegalStateException(f.getMessage(), f);
        } catch (RuntimeException e) {
            host.close();
            throw e;
        }
        return new ClusteringServer(host);
    }

    /** @return the host, e.g. for in-process calls */
    public ServiceHost host() {
        return host;
    }

    /** @return {@code http://127.0.0.1:PORT} */
    public URI baseUri() {
        return host.baseUri();
    }

    /** Stops the host: running jobs are cancelled (the clustering service's Drop). */
    @Override
    public void close() {
        host.close();
    }
}
