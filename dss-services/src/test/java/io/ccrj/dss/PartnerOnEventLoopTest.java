package io.ccrj.dss;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A service whose handlers run on its host's event loops calls a remote partner on the same
 * loop: the request is sent and answered on the caller's own thread, with no client event-loop
 * group of its own (no {@code ccrj-http-client} thread).
 */
@Timeout(60)
class PartnerOnEventLoopTest {
    /** Gets its partner's state and answers with the threads involved. */
    public static final class LoopRelay extends Service<PingService.State> {
        public LoopRelay() {
            super(PingService.State.class, new PingService.State(0));
        }

        @Override
        public boolean handlersNeverBlock() {
            return true;
        }

        @Override
        protected void bind(Handlers h) {
            h.action("relay", HandlerKind.CONCURRENT, op -> {
                String handlerThread = Thread.currentThread().getName();
                partner("far").get().whenComplete((r, f) -> {
                    if (f != null) {
                        op.fault(FaultCode.INTERNAL, f.toString());
                        return;
                    }
                    op.respond(JsonBodies.object().put("handler", handlerThread)
                            .put("answer", Thread.currentThread().getName())
                            .put("farVersion", r.version()));
                });
            });
        }
    }

    @Test
    void aRemotePartnerCallRunsOnTheCallersEventLoop() throws Exception {
        try (ServiceHost far = ServiceHost.builder().port(0).build().start();
             ServiceHost near = ServiceHost.builder().port(0).ioThreads(2).build().start()) {
            far.create("kv", new KeyValueService());
            near.create("relay", new LoopRelay(), Map.of("far", far.baseUri() + "/services/kv"), null);
            for (int i = 0; i < 5; i++) { // the first call opens the connection, the others reuse it
                RawHttp.Res res = RawHttp.once(near.port(), "POST", "/services/relay/actions/relay", "application/json", "{}");
                assertThat(res.status()).as(res.body()).isEqualTo(200);
                String handler = res.json().get("handler").asText();
                assertThat(handler).startsWith("ccrj-http");
                assertThat(res.json().get("answer").asText()).as("the thread that heard the partner's answer")
                        .isEqualTo(handler);
            }
        }
    }

    @Test
    void aRemotePartnerMadeBeforeTheHostListensUsesItsEventLoopsOnceItDoes() throws Exception {
        try (ServiceHost far = ServiceHost.builder().port(0).build().start();
             ServiceHost near = ServiceHost.builder().port(0).ioThreads(2).build()) {
            far.create("kv", new KeyValueService());
            // created before start(): no event loop of the host exists yet when the partner is made
            // (and the service's handlers run on the dispatcher until the host listens)
            near.create("relay", new LoopRelay(), Map.of("far", far.baseUri() + "/services/kv"), null);
            near.start();
            for (int i = 0; i < 10; i++) {
                RawHttp.Res res = RawHttp.once(near.port(), "POST", "/services/relay/actions/relay", "application/json", "{}");
                assertThat(res.status()).as(res.body()).isEqualTo(200);
                String handler = res.json().get("handler").asText();
                String answer = res.json().get("answer").asText();
                // once the host listens, the service moved to one of its loops, and its partner
                // is called and answered on that loop, not on the shared client pool's
                assertThat(handler).as("the thread of the relay's handler").startsWith("ccrj-http-")
                        .doesNotStartWith("ccrj-http-client");
                assertThat(answer).as("the thread that heard the partner's answer").isEqualTo(handler);
            }
        }
    }
}
