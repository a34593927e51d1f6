package io.ccrj.dss;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/** The interleave under load: no lost update, exclusive handlers never overlap. */
@Timeout(120)
class InterleaveLoadTest {
    static final int CLIENTS = 8;

    @Test
    void eightClientsReadModifyWriteWithIfMatchRetriesLoseNoUpdate() throws Exception {
        int perClient = 40;
        try (ServiceHost host = ServiceHost.builder().port(0).build().start();
             ExecutorService pool = Executors.newFixedThreadPool(CLIENTS)) {
            host.start(Manifest.builtIn());
            int port = host.port();
            AtomicInteger conflicts = new AtomicInteger();
            List<Future<?>> done = new ArrayList<>();
            for (int c = 0; c < CLIENTS; c++) {
                done.add(pool.submit(() -> {
                    try (RawHttp http = new RawHttp(port)) {
                        for (int i = 0; i < perClient; i++) {
                            while (true) {
                                RawHttp.Res get = http.exchange("GET", "/services/ping", null, null);
                                long count = get.json().get("count").asLong();
                                RawHttp.Res put = http.exchange("PUT", "/services/ping", "application/json",
                                        "{\"count\":" + (count + 1) + "}", "If-Match: " + get.header("ETag"));
                                if (put.status() == 200) {
                                    break;
                                }
                                assertThat(put.status()).isEqualTo(412);
                                conflicts.incrementAndGet();
                            }
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> f : done) {
                f.get(100, TimeUnit.SECONDS);
            }
            RawHttp.Res end = RawHttp.once(port, "GET", "/services/ping", null, null);
            assertThat(end.json().get("count").asLong()).isEqualTo((long) CLIENTS * perClient);
            assertThat(end.header("ETag")).isEqualTo("\"" + CLIENTS * perClient + "\"");
        }
    }

    @Test
    void exclusiveHandlersNeverOverlapWithAnyHandler() throws Exception {
        try (ServiceHost host = ServiceHost.builder().port(-1).dispatcherThreads(4).build().start()) {
            TestServices.OverlapDetector svc = new TestServices.OverlapDetector();
            ServiceRef ref = host.create("o", svc);
            int ops = 20_000;
            List<CompletableFuture<Response>> all = new ArrayList<>(ops);
            for (int i = 0; i < ops; i++) {
                all.add(i % 4 == 0 ? ref.submit("inc", null) : ref.get());
                if (i % 1000 == 999) {
                    CompletableFuture.allOf(all.toArray(CompletableFuture[]::new)).get(30, TimeUnit.SECONDS);
                }
            }
            CompletableFuture.allOf(all.toArray(CompletableFuture[]::new)).get(30, TimeUnit.SECONDS);
            assertThat(svc.overlaps.get()).isZero();
            assertThat(ref.get().get(10, TimeUnit.SECONDS).body().get("count").asLong()).isEqualTo(ops / 4);
            assertThat(svc.maxConcurrentReaders.get()).isGreaterThanOrEqualTo(1);
            host.close(Duration.ofSeconds(2));
        }
    }
}
