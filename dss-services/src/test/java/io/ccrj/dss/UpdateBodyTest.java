package io.ccrj.dss;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Update takes the body type its service declares (merge patch only for the standard Update),
 * and the browser view shows only the forms the service supports, plus one per action.
 */
@Timeout(60)
class UpdateBodyTest {

    /** A custom Update that adds the body's "by" to the count; an action; no Replace. */
    static final class Adder extends Service<PingService.State> {
        private final String declared;

        Adder(String declared) {
            super(PingService.State.class, new PingService.State(0));
            this.declared = declared;
        }

        @Override
        protected void bind(Handlers h) {
            h.standard(Verb.GET, Verb.SUBSCRIBE)
                    .on(Verb.UPDATE, op -> {
                        setState(new PingService.State(state().count() + op.bodyOrEmpty().path("by").asLong()));
                        op.respondState();
                    })
                    .action("reset", op -> {
                        setState(new PingService.State(0));
                        op.respondState();
                    });
            if (declared != null) {
                h.updateBody(declared);
            }
        }
    }

    @Test
    void aCustomUpdateTakesJsonAndTheStandardOneAMergePatch() throws Exception {
        try (ServiceHost host = ServiceHost.builder().port(0).build().start()) {
            host.create("adder", new Adder(null));
            host.create("vendor", new Adder("application/vnd.example.add+json"));
            host.start(Manifest.builtIn());
            RawHttp.Res r = RawHttp.once(host.port(), "PATCH", "/services/adder", "application/json", "{\"by\": 2}");
            assertThat(r.status()).as(r.body()).isEqualTo(200);
            assertThat(r.json().get("count").asLong()).isEqualTo(2);
            // a merge patch is JSON too: the remote client's Update reaches a custom handler
            r = RawHttp.once(host.port(), "PATCH", "/services/adder", "application/merge-patch+json", "{\"by\": 3}");
            assertThat(r.json().get("count").asLong()).isEqualTo(5);
            HostHttpTest.assertError(RawHttp.once(host.port(), "PATCH", "/services/vendor", "application/json", "{\"by\": 1}"),
                    415, "unsupported_media_type", "application/vnd.example.add+json");
            r = RawHttp.once(host.port(), "PATCH", "/services/vendor", "application/vnd.example.add+json", "{\"by\": 7}");
            assertThat(r.json().get("count").asLong()).isEqualTo(7);
            HostHttpTest.assertError(RawHttp.once(host.port(), "PATCH", "/services/ping", "application/json", "{\"count\": 1}"),
                    415, "unsupported_media_type", "application/merge-patch+json");
            // and through the Java API, local and remote
            ServiceRef remote = ServiceRef.remote(java.net.URI.create(host.baseUri() + "/services/adder"), null);
            assertThat(remote.update(JsonBodies.parse("{\"by\": 10}")).get(10, java.util.concurrent.TimeUnit.SECONDS)
                    .body().get("count").asLong()).isEqualTo(15);
        }
    }

    @Test
    void anUpdateBodyTypeMustBeJson() {
        Handlers h = new Handlers();
        assertThatThrownBy(() -> h.updateBody("text/plain"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("an Update body type is application/json or application/*+json, was 'text/plain'");
    }

    @Test
    void theBrowserViewShowsOnlySupportedFormsAndOnePerAction() throws Exception {
        try (ServiceHost host = ServiceHost.builder().port(0).build().start()) {
            host.create("adder", new Adder(null));
            host.start(Manifest.builtIn());
            String adder = RawHttp.once(host.port(), "GET", "/services/adder", null, null, "Accept: text/html").body();
            assertThat(adder).doesNotContain("id=\"replace-body\"", "Merge Patch")
                    .contains("id=\"update-body\"", "data-type=\"application/json\"",
                            "id=\"action-reset-body\"", "id=\"action-reset-submit\"");
            String kv = RawHttp.once(host.port(), "GET", "/services/kv", null, null, "Accept: text/html").body();
            assertThat(kv).contains("id=\"replace-body\"", "id=\"update-body\"", "Merge Patch",
                    "data-type=\"application/merge-patch+json\"", "id=\"action-clear-body\"");
            String ping = RawHttp.once(host.port(), "GET", "/services/ping", null, null, "Accept: text/html").body();
            assertThat(ping).contains("id=\"action-ping-body\"");
        }
    }
}
