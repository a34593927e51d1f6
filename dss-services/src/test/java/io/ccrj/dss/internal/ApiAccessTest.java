package io.ccrj.dss.internal;

import io.ccrj.dss.HandlerKind;
import io.ccrj.dss.Handlers;
import io.ccrj.dss.Operation;
import io.ccrj.dss.PingService;
import io.ccrj.dss.ResponsePort;
import io.ccrj.dss.Service;
import io.ccrj.dss.ServiceHost;
import io.ccrj.dss.Verb;
import io.ccrj.dss.internal.runtime.Envelope;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.lang.module.ModuleDescriptor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The bridge from the internal packages to the API types' package-private members: registered
 * once by the API, carrying the runtime's envelope on admitted operations only; and the API
 * package holds no runtime machinery.
 */
@Timeout(30)
class ApiAccessTest {
    /** Records the envelope its handler's operation carries. */
    static final class Probe extends Service<PingService.State> {
        final AtomicReference<Envelope> seen = new AtomicReference<>();

        Probe() {
            super(PingService.State.class, new PingService.State(0));
        }

        @Override
        protected void bind(Handlers h) {
            h.action("probe", HandlerKind.CONCURRENT, op -> {
                seen.set(ApiAccess.get().envelope(op));
                op.respond(null);
            });
        }
    }

    @Test
    void theBridgeIsRegisteredOnceAndASecondRegistrationIsRefused() {
        ApiAccess access = ApiAccess.get();
        assertThat(access).isNotNull().isSameAs(ApiAccess.get());
        assertThatThrownBy(() -> ApiAccess.register(access)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("registered already");
    }

    @Test
    void onlyAnAdmittedOperationCarriesTheRuntimesEnvelope() throws Exception {
        Operation posted = Operation.builder(Verb.SUBMIT).key("probe").build(ResponsePort.of((r, f) -> { }));
        assertThat(ApiAccess.get().envelope(posted)).isNull();
        try (ServiceHost host = ServiceHost.builder().port(-1).build().start()) {
            Probe probe = new Probe();
            host.create("probe", probe).submit("probe", null).get(10, TimeUnit.SECONDS);
            Envelope e = probe.seen.get();
            assertThat(e).isNotNull();
            assertThat(e.runtime().name()).isEqualTo("probe");
            assertThat(e.binding().kind()).isEqualTo(HandlerKind.CONCURRENT);
            assertThat(ApiAccess.get().runtimeOf(probe)).isSameAs(e.runtime());
        }
    }

    @Test
    void theApiPackageHoldsNoRuntimeMachinery() {
        for (String moved : new String[] {"ServiceRuntime", "HostRouter", "LocalServiceRef", "DeferredServiceRef"}) {
            assertThatThrownBy(() -> Class.forName("io.ccrj.dss." + moved)).isInstanceOf(ClassNotFoundException.class);
        }
        Module m = ServiceHost.class.getModule();
        if (m.isNamed()) { // on the module path: only the API package is exported
            assertThat(m.getDescriptor().exports().stream().map(ModuleDescriptor.Exports::source)
                    .collect(Collectors.toSet())).containsExactly("io.ccrj.dss");
        }
    }
}
