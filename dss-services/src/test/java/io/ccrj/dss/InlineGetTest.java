package io.ccrj.dss;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The host answers a standard Get on its event loop from the committed snapshot, without the
 * service's interleave: it never waits for an exclusive handler in progress and never sees its
 * uncommitted state, and once that handler's answer is out every Get sees its version. A service
 * with its own Get handler still has it run.
 */
@Timeout(60)
class InlineGetTest {
    /** An exclusive action that changes the state, then waits to be released before answering. */
    public static final class Held extends Service<PingService.State> {
        final CountDownLatch entered = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);

        public Held() {
            super(PingService.State.class, new PingService.State(0));
        }

        @Override
        protected void bind(Handlers h) {
            h.standard(Verb.GET).action("hold", HandlerKind.EXCLUSIVE, op -> {
                setState(new PingService.State(state().count() + 100));
                entered.countDown();
                if (!release.await(30, TimeUnit.SECONDS)) {
                    throw new Fault(FaultCode.TIMEOUT, "not released");
                }
                op.respondState();
            });
        }
    }

    /** Its own Get: answers a constant, not the state. */
    public static final class OwnGet extends Service<PingService.State> {
        public OwnGet() {
            super(PingService.State.class, new PingService.State(7));
        }

        @Override
        protected void bind(Handlers h) {
            h.on(Verb.GET, op -> op.respond(JsonBodies.object().put("own", true)));
        }
    }

    @Test
    void aGetIsAnsweredWithTheCommittedVersionWhileAnExclusiveHandlerRuns() throws Exception {
        try (ServiceHost host = ServiceHost.builder().port(0).build().start()) {
            Held held = new Held();
            host.create("held", held);
            CompletableFuture<RawHttp.Res> hold = CompletableFuture.supplyAsync(() -> {
                try {
                    return RawHttp.once(host.port(), "POST", "/services/held/actions/hold", "application/json", "{}");
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            assertThat(held.entered.await(20, TimeUnit.SECONDS)).isTrue();
            // the exclusive handler has set count 100 and not committed: a Get must not see it, nor wait for it
            for (int i = 0; i < 3; i++) {
                RawHttp.Res during = RawHttp.once(host.port(), "GET", "/services/held", null, null);
                assertThat(during.status()).isEqualTo(200);
                assertThat(during.json().get("count").asLong()).isZero();
                assertThat(during.header("ETag")).isEqualTo("\"0\"");
            }
            assertThat(hold).isNotDone();
            held.release.countDown();
            RawHttp.Res done = hold.get(20, TimeUnit.SECONDS);
            assertThat(done.status()).as(done.body()).isEqualTo(200);
            RawHttp.Res after = RawHttp.once(host.port(), "GET", "/services/held", null, null);
            assertThat(after.json().get("count").asLong()).isEqualTo(100);
            assertThat(after.header("ETag")).isEqualTo("\"1\"");
            assertThat(host.service("held").get().get(10, TimeUnit.SECONDS).version()).isEqualTo(1);
        }
    }

    @Test
    void aServicesOwnGetHandlerStillRuns() throws Exception {
        try (ServiceHost host = ServiceHost.builder().port(0).build().start()) {
            host.create("own", new OwnGet());
            RawHttp.Res res = RawHttp.once(host.port(), "GET", "/services/own", null, null);
            assertThat(res.status()).as(res.body()).isEqualTo(200);
            assertThat(res.json().get("own").asBoolean()).isTrue();
        }
    }
}
