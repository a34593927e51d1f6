package io.ccrj.dss.internal.host;

import io.ccrj.dss.Fault;
import io.ccrj.dss.internal.rest.RestTable;
import io.ccrj.dss.FaultCode;
import io.ccrj.dss.NotificationListener;
import io.ccrj.dss.Operation;
import io.ccrj.dss.ServiceRef;
import io.ccrj.dss.Subscription;
import io.ccrj.dss.internal.runtime.ServiceRuntime;

import java.util.concurrent.CompletableFuture;

/**
 * A partner named by its local service name, resolved at each call (it may start after the
 * service that names it, or be dropped and created again).
 */
final class DeferredServiceRef implements ServiceRef {
    private final HostCore host;
    private final String target;

    DeferredServiceRef(HostCore host, String target) {
        this.host = host;
        this.target = target;
    }

    @Override
    public String name() {
        return target;
    }

    @Override
    public String uri() {
        return "local:" + RestTable.servicePath(target);
    }

    @Override
    public void post(Operation operation) {
        ServiceRuntime<?> rt = host.runtime(target);
        if (rt == null) {
            operation.fault(FaultCode.NOT_FOUND, "partner service '" + target + "' is not running in this host");
            return;
        }
        rt.post(LocalServiceRef.isolate(operation));
    }

    @Override
    public CompletableFuture<Subscription> subscribe(NotificationListener listener, long lastSequence) {
        ServiceRuntime<?> rt = host.runtime(target);
        if (rt == null) {
            return CompletableFuture.failedFuture(new Fault(FaultCode.NOT_FOUND, "partner service '" + target + "' is not running in this host"));
        }
        return new LocalServiceRef(rt).subscribe(listener, lastSequence);
    }

    @Override
    public String toString() {
        return uri();
    }
}
