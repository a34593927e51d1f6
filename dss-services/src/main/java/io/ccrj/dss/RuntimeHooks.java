package io.ccrj.dss;

import com.fasterxml.jackson.databind.JsonNode;
import io.ccrj.dss.internal.runtime.ApiHooks;
import io.ccrj.dss.internal.runtime.Commit;
import io.ccrj.dss.internal.runtime.Declared;
import io.ccrj.dss.internal.runtime.ServiceRuntime;

/**
 * The one implementation of {@link ApiHooks}: package-private, made only by {@link ServiceHost},
 * which hands it to its host core. Stateless.
 */
final class RuntimeHooks implements ApiHooks {
    /** The instance every host shares (stateless). */
    static final RuntimeHooks INSTANCE = new RuntimeHooks();

    private RuntimeHooks() {
    }

    @Override
    public void admitted(ResponsePort port, Commit commit, Runnable onAnswered) {
        port.admitted(commit, onAnswered);
    }

    @Override
    public boolean claim(ResponsePort port) {
        return port.claim();
    }

    @Override
    public boolean answerClaimed(ResponsePort port, Response response, Fault fault) {
        return port.answerClaimed(response, fault);
    }

    @Override
    public Declared bind(Service<?> service) {
        Handlers h = new Handlers();
        service.bind(h);
        return h.declared();
    }

    @Override
    public void onStart(Service<?> service) {
        service.onStart();
    }

    @Override
    public void onDrop(Service<?> service) {
        service.onDrop();
    }

    @Override
    public <S> JsonNode toJson(Service<S> service, S value) {
        return service.toJson(value);
    }

    @Override
    public <S> S fromJson(Service<S> service, JsonNode node) throws Fault {
        return service.fromJson(node);
    }

    @Override
    public <S> void attach(Service<S> service, ServiceRuntime<S> runtime) {
        service.runtime = runtime;
    }

    @Override
    public ServiceRuntime<?> runtimeOf(Service<?> service) {
        return service.runtime;
    }
}
