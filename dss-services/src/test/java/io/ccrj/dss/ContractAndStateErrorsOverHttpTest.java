package io.ccrj.dss;

import com.fasterxml.jackson.databind.JsonNode;
import io.ccrj.dss.internal.runtime.ServiceRuntime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * What a client reads about a service's contract and about a state the service cannot write: the
 * contract in the user's terms (the id the service declares, or a readable name, never a Java
 * class name) in Lookup, the directory, the browser view and fault messages; and a state that
 * cannot be written as JSON refused at Create with a JSON error body that says so, not a generic
 * failure of the host.
 */
@Timeout(60)
class ContractAndStateErrorsOverHttpTest {
    /** A state Jackson writes unless its count is negative (its getter then throws). */
    public static final class Touchy {
        public long n;

        public Touchy() {
        }

        Touchy(long n) {
            this.n = n;
        }

        public long getDoubled() {
            if (n < 0) {
                throw new IllegalStateException("a negative count has no double");
            }
            return 2 * n;
        }
    }

    /** Keeps the default contract (its class name), so the host shows a name made from it. */
    public static final class HTTPRelayService extends Service<Touchy> {
        public HTTPRelayService() {
            super(Touchy.class, new Touchy(0));
        }

        @Override
        protected void bind(Handlers h) {
            h.standard(Verb.GET, Verb.REPLACE);
        }
    }

    /** A state type Jackson cannot write at all: no public field, no getter. */
    public static final class Opaque {
        @SuppressWarnings("unused")
        private final Object lock = new Object();
    }

    /** A service of that state, with a declared contract id. */
    public static final class OpaqueService extends Service<Opaque> {
        public OpaqueService() {
            super(Opaque.class, new Opaque());
        }

        @Override
        public String contract() {
            return "opaque";
        }

        @Override
        protected void bind(Handlers h) {
            h.standard(Verb.GET);
        }
    }

    /** Keeps the default contract. */
    static final class KeyValueStore extends Service<PingService.State> {
        KeyValueStore() {
            super(PingService.State.class, new PingService.State(0));
        }

        @Override
        protected void bind(Handlers h) {
            h.standard(Verb.GET);
        }
    }

    @Test
    void theShownContractIsTheDeclaredIdOrAReadableNameNeverAClassName() {
        assertThat(ServiceRuntime.shownContract(new OpaqueService())).isEqualTo("opaque");
        assertThat(ServiceRuntime.shownContract(new KeyValueService())).isEqualTo("kv");
        assertThat(ServiceRuntime.shownContract(new HTTPRelayService())).isEqualTo("http-relay");
        assertThat(ServiceRuntime.shownContract(new KeyValueStore())).isEqualTo("key-value-store");
        Service<PingService.State> anonymous = new Service<>(PingService.State.class, new PingService.State(0)) {
            @Override
            protected void bind(Handlers h) {
            }
        };
        assertThat(ServiceRuntime.shownContract(anonymous)).isEqualTo("service");
    }

    @Test
    void lookupTheDirectoryThePagesAndFaultsShowTheContractInTheUsersTerms() throws Exception {
        try (ServiceHost host = ServiceHost.builder().port(0).build().start()) {
            host.create("relay", new HTTPRelayService());
            int port = host.port();
            JsonNode lookup = RawHttp.once(port, "OPTIONS", "/services/relay", null, null).json();
            assertThat(lookup.get("contract").asText()).isEqualTo("http-relay");
            JsonNode dir = RawHttp.once(port, "GET", "/directory", null, null).json();
            assertThat(dir.at("/services/0/contract").asText()).isEqualTo("http-relay");
            RawHttp.Res page = RawHttp.once(port, "GET", "/", null, null, "Accept: text/html");
            assertThat(page.body()).contains("http-relay").doesNotContain("io.ccrj", "HTTPRelayService", "$");
            RawHttp.Res unsupported = RawHttp.once(port, "POST", "/services/relay/actions/nope", "application/json", "{}");
            assertThat(unsupported.json().get("message").asText()).contains("(http-relay)")
                    .doesNotContain("io.ccrj", "$");
        }
    }

    @Test
    void aStateThatCannotBeWrittenIsRefusedAtCreateWithAJsonErrorThatSaysSo() throws Exception {
        try (ServiceHost host = ServiceHost.builder().port(0).contract("relay", HTTPRelayService::new)
                .contract("opaque", OpaqueService::new).build().start()) {
            int port = host.port();
            // the given state reads but does not write: the client's request, refused in words
            RawHttp.Res given = RawHttp.once(port, "POST", "/directory", "application/json",
                    "{\"name\":\"r\",\"contract\":\"relay\",\"state\":{\"n\":-1}}");
            assertThat(given.status()).isEqualTo(400);
            assertThat(given.header("Content-Type")).isEqualTo("application/json");
            assertThat(given.json().get("error").asText()).isEqualTo("bad_request");
            assertThat(given.json().get("message").asText())
                    .startsWith("the state given for service 'r' (http-relay) cannot be written as JSON: ")
                    .contains("a negative count has no double")
                    .endsWith("; the service was not created");
            // a state type Jackson cannot write at all (the check before the service starts)
            RawHttp.Res opaque = RawHttp.once(port, "POST", "/directory", "application/json",
                    "{\"name\":\"o\",\"contract\":\"opaque\"}");
            assertThat(opaque.status()).isEqualTo(400);
            assertThat(opaque.header("Content-Type")).isEqualTo("application/json");
            assertThat(opaque.json().get("error").asText()).isEqualTo("bad_request");
            assertThat(opaque.json().get("message").asText()).isEqualTo("the state of contract opaque cannot be written"
                    + " as JSON and read back: its state type has no public fields or getters to write; the service was"
                    + " not created");
            for (RawHttp.Res r : new RawHttp.Res[] {given, opaque}) {
                for (String internal : ErrorsInUsersTermsTest.INTERNALS) {
                    assertThat(r.json().get("message").asText()).doesNotContain(internal);
                }
            }
            assertThat(RawHttp.once(port, "GET", "/directory", null, null).json().get("services")).isEmpty();
            // a state that stops being writable after a change is refused the same way, nothing changed
            RawHttp.Res created = RawHttp.once(port, "POST", "/directory", "application/json",
                    "{\"name\":\"r\",\"contract\":\"relay\"}");
            assertThat(created.status()).isEqualTo(201);
            RawHttp.Res put = RawHttp.once(port, "PUT", "/services/r", "application/json", "{\"n\":-5}");
            assertThat(put.status()).isEqualTo(500);
            assertThat(put.json().get("message").asText()).contains("cannot be written as JSON; nothing was changed");
            assertThat(RawHttp.once(port, "GET", "/services/r", null, null).json().get("n").asLong()).isZero();
        }
    }

    @Test
    void theJavaApiGetsTheSameFault() throws Exception {
        try (ServiceHost host = ServiceHost.builder().port(-1).build().start()) {
            assertThatThrownBy(() -> host.create("o", new OpaqueService())).isInstanceOf(Fault.class)
                    .satisfies(f -> assertThat(((Fault) f).code()).isEqualTo(FaultCode.BAD_REQUEST))
                    .hasMessageContaining("the state of contract opaque cannot be written as JSON");
        }
    }
}
