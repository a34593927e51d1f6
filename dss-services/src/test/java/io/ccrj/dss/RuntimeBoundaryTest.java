package io.ccrj.dss;

import io.ccrj.dss.internal.runtime.ApiHooks;
import io.ccrj.dss.internal.runtime.Commit;
import io.ccrj.dss.internal.runtime.Envelope;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.lang.module.ModuleDescriptor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The line between the API and the runtime: an {@link Operation} is a plain value that carries no
 * runtime data; the runtime keeps its envelope and reaches the answer's commit through the
 * response port it prepares on admission; the API's non-public members are reachable only
 * through the hooks a host is handed; and the API package holds no runtime machinery.
 */
@Timeout(30)
class RuntimeBoundaryTest {
    /** Records the operation its handler receives and the commit its response port carries. */
    static final class Probe extends Service<PingService.State> {
        final AtomicReference<Operation> seen = new AtomicReference<>();
        final AtomicReference<Commit> commit = new AtomicReference<>();

        Probe() {
            super(PingService.State.class, new PingService.State(0));
        }

        @Override
        protected void bind(Handlers h) {
            h.action("probe", HandlerKind.CONCURRENT, op -> {
                seen.set(op);
                commit.set(op.responsePort().commit());
                op.respond(null);
            });
        }
    }

    @Test
    void anOperationHoldsOnlyItsArgumentsAndItsResponsePort() {
        assertThat(Modifier.isFinal(Operation.class.getModifiers())).isTrue();
        for (Field f : Operation.class.getDeclaredFields()) {
            assertThat(Modifier.isFinal(f.getModifiers())).as(f.getName()).isTrue();
            assertThat(f.getType().getName()).as(f.getName()).doesNotStartWith("io.ccrj.dss.internal");
        }
        assertThat(Arrays.stream(Operation.class.getDeclaredFields()).filter(f -> Modifier.isStatic(f.getModifiers())))
                .isEmpty();
    }

    @Test
    void theHandlerGetsThePostedOperationWhosePortTheRuntimePrepared() throws Exception {
        CompletableFuture<Response> answer = new CompletableFuture<>();
        Operation posted = Operation.builder(Verb.SUBMIT).key("probe").build(ResponsePort.future(answer));
        assertThat(posted.responsePort().commit()).isNull();
        try (ServiceHost host = ServiceHost.builder().port(-1).build().start()) {
            Probe probe = new Probe();
            host.create("probe", probe);
            // straight to the runtime (a ServiceRef would copy the operation for isolation)
            RuntimeHooks.INSTANCE.runtimeOf(probe).post(posted);
            assertThat(answer.get(10, TimeUnit.SECONDS).body().isObject()).isTrue();
            assertThat(probe.seen.get()).isSameAs(posted);
            assertThat(probe.commit.get()).isInstanceOf(Envelope.class);
            Envelope e = (Envelope) probe.commit.get();
            assertThat(e.op()).isSameAs(posted);
            assertThat(e.runtime().name()).isEqualTo("probe");
            assertThat(e.binding().kind()).isEqualTo(HandlerKind.CONCURRENT);
            assertThat(RuntimeHooks.INSTANCE.runtimeOf(probe)).isSameAs(e.runtime());
        }
    }

    @Test
    void onlyAHostIsHandedTheHooks() {
        // no static way in: the interface has no static members, its one implementation is
        // package-private in the API package with a private constructor
        assertThat(Arrays.stream(ApiHooks.class.getDeclaredMethods()).filter(m -> Modifier.isStatic(m.getModifiers())))
                .isEmpty();
        assertThat(ApiHooks.class.getDeclaredFields()).isEmpty();
        assertThat(Modifier.isPublic(RuntimeHooks.class.getModifiers())).isFalse();
        assertThat(Arrays.stream(RuntimeHooks.class.getDeclaredConstructors()).map(c -> Modifier.isPrivate(c.getModifiers())))
                .containsOnly(true);
        assertThat(Arrays.stream(ResponsePort.class.getDeclaredMethods())
                .filter(m -> m.getName().equals("claim") || m.getName().equals("admitted"))
                .map(Method::getModifiers).filter(Modifier::isPublic)).isEmpty();
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
