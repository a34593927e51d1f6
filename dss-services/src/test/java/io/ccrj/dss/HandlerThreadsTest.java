package io.ccrj.dss;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.TextNode;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Which threads run a service's handlers: Netty's event loops for non-blocking services, else the dispatcher. */
@Timeout(60)
class HandlerThreadsTest {

    /** Answers Submit "where" with the name of the thread that ran the handler. */
    static final class Probe extends Service<Probe.State> {
        record State(int n) {
        }

        private final boolean neverBlocks;

        Probe(boolean neverBlocks) {
            super(State.class, new State(0));
            this.neverBlocks = neverBlocks;
        }

        @Override
        public boolean handlersNeverBlock() {
            return neverBlocks;
        }

        @Override
        protected void bind(Handlers h) {
            h.action("where", HandlerKind.CONCURRENT, op -> op.respond(TextNode.valueOf(Thread.currentThread().getName())));
        }
    }

    private static String where(ServiceHost host, String name) throws Exception {
        return host.service(name).submit("where", null).get(10, TimeUnit.SECONDS).body().asText();
    }

    @Test
    void nonBlockingServicesRunOnTheEventLoopOthersOnTheDispatcher() throws Exception {
        try (ServiceHost host = ServiceHost.builder().port(0).build().start()) {
            host.create("quick", new Probe(true));
            host.create("slow", new Probe(false));
            assertThat(where(host, "quick")).startsWith("ccrj-http");
            assertThat(where(host, "slow")).startsWith("ccrj-dss");
        }
    }

    @Test
    void theHostCanKeepEveryServiceOnTheDispatcherOrPutEveryOneOnTheEventLoop() throws Exception {
        try (ServiceHost host = ServiceHost.builder().port(0).nonBlockingServicesOnEventLoop(false).build().start()) {
            host.create("quick", new Probe(true));
            assertThat(where(host, "quick")).startsWith("ccrj-dss");
        }
        try (ServiceHost host = ServiceHost.builder().port(0).handlersOnEventLoop(true).build().start()) {
            host.create("slow", new Probe(false));
            assertThat(where(host, "slow")).startsWith("ccrj-http");
        }
    }

    @Test
    void aServiceCreatedBeforeStartMovesToTheEventLoopWhenTheHostListens() throws Exception {
        try (ServiceHost host = ServiceHost.builder().port(0).build()) {
            host.create("early", new Probe(true));
            host.create("earlySlow", new Probe(false));
            assertThat(where(host, "early")).startsWith("ccrj-dss");
            host.start();
            assertThat(where(host, "early")).startsWith("ccrj-http");
            assertThat(where(host, "earlySlow")).startsWith("ccrj-dss");
            for (int i = 0; i < 100; i++) { // and it keeps answering there, over HTTP too
                assertThat(RawHttp.once(host.port(), "POST", "/services/early/actions/where", "application/json", null)
                        .body()).contains("ccrj-http");
            }
        }
    }

    @Test
    void withoutHttpEveryServiceRunsOnTheDispatcher() throws Exception {
        try (ServiceHost host = ServiceHost.builder().port(-1).build().start()) {
            host.create("quick", new Probe(true));
            assertThat(where(host, "quick")).startsWith("ccrj-dss");
        }
    }
}
