package io.ccrj.dss.internal.host;

import io.ccrj.dss.internal.Internal;
import io.ccrj.dss.Notification;
import io.ccrj.dss.NotificationListener;
import io.ccrj.dss.Operation;
import io.ccrj.dss.Response;
import io.ccrj.dss.ResponsePort;
import io.ccrj.dss.ServiceRef;
import io.ccrj.dss.Subscription;
import io.ccrj.dss.Verb;
import io.ccrj.dss.internal.rest.RestTable;
import io.ccrj.dss.internal.runtime.ServiceRuntime;

import java.util.concurrent.CompletableFuture;

/**
 * A service in this process: posts straight to its main port, copying bodies both ways (see
 * {@link ServiceRef} on isolation).
 */
@Internal
public final class LocalServiceRef implements ServiceRef {
    private final ServiceRuntime<?> runtime;
    private final String uri;

    /** @param runtime the service's runtime */
    public LocalServiceRef(ServiceRuntime<?> runtime) {
        this.runtime = runtime;
        this.uri = "local:" + RestTable.servicePath(runtime.name());
    }

    @Override
    public String name() {
        return runtime.name();
    }

    @Override
    public String uri() {
        return uri;
    }

    @Override
    public void post(Operation operation) {
        runtime.post(isolate(operation));
    }

    /** Copies the request body, and answers the caller with a copy of the response body. */
    static Operation isolate(Operation op) {
        ResponsePort callerPort = op.responsePort();
        ResponsePort copying = ResponsePort.of((r, f) -> {
            if (f != null) {
                callerPort.fault(f);
            } else {
                callerPort.respond(new Response(r.body().deepCopy(), r.version()));
            }
        });
        NotificationListener listener = op.subscriber();
        // through the public builder: an operation is a plain value, its copy one with other parts
        return Operation.builder(op.verb()).key(op.key()).body(op.body() == null ? null : op.body().deepCopy())
                .query(op.query()).ifMatch(op.ifMatch())
                .subscriber(listener == null ? null : new CopyingListener(listener))
                .lastSequence(op.lastSequence()).authorization(op.authorization()).build(copying);
    }

    @Override
    public CompletableFuture<Subscription> subscribe(NotificationListener listener, long lastSequence) {
        CopyingListener copying = new CopyingListener(listener);
        CompletableFuture<Subscription> result = new CompletableFuture<>();
        runtime.post(Operation.builder(Verb.SUBSCRIBE).subscriber(copying).lastSequence(lastSequence)
                .build(ResponsePort.of((r, f) -> {
                    if (f != null) {
                        result.completeExceptionally(f);
                    } else {
                        result.complete(new Subscription() {
                            @Override
                            public void close() {
                                runtime.unsubscribe(copying);
                            }

                            @Override
                            public boolean isClosed() {
                                return copying.closed;
                            }
                        });
                    }
                })));
        return result;
    }

    @Override
    public String toString() {
        return uri;
    }

    /** Hands each subscriber its own copy of a notification's body. */
    private static final class CopyingListener implements NotificationListener {
        private final NotificationListener target;
        volatile boolean closed;

        CopyingListener(NotificationListener target) {
            this.target = target;
        }

        @Override
        public void onNotification(Notification n) {
            target.onNotification(new Notification(n.sequence(), n.action(), n.body().deepCopy()));
        }

        @Override
        public void onClose(String reason) {
            closed = true;
            target.onClose(reason);
        }
    }
}
