package io.ccrj.dss;

/**
 * A program that embeds the host, as a user's application would, for {@link NativeAccessTest}:
 * it serves, answers one request through the host's own HTTP client (a remote partner), says
 * which transport it chose, and stops.
 */
final class EmbeddedHostMain {
    private EmbeddedHostMain() {
    }

    public static void main(String[] args) throws Exception {
        try (ServiceHost host = ServiceHost.builder().port(0).build().start()) {
            host.start(Manifest.builtIn());
            ServiceRef remote = ServiceRef.remote(java.net.URI.create(host.baseUri() + "/services/kv"), null);
            remote.upsert("a", io.ccrj.dss.internal.json.Json.object().put("n", 1)).get(20, java.util.concurrent.TimeUnit.SECONDS);
            System.out.println("epoll=" + io.ccrj.dss.internal.transport.NativeTransport.epoll()
                    + " items=" + host.service("kv").get().get(20, java.util.concurrent.TimeUnit.SECONDS).body().get("items").size());
        }
    }
}
