package io.ccrj.examples.consumer;

import io.ccrj.core.Arbiter;
import io.ccrj.core.Dispatcher;
import io.ccrj.core.Port;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** The README's quick start: a port, a receiver, a dispatcher. */
public final class QuickStart {
    private QuickStart() {
    }

    /**
     * Posts one item to a port whose receiver greets it, and prints the greeting.
     *
     * @param args ignored
     * @throws Exception if no greeting arrives within 5 s
     */
    public static void main(String[] args) throws Exception {
        // tag::quick-start[]
        try (Dispatcher dispatcher = new Dispatcher(2, "quick-start")) {
            Port<String> names = new Port<>("names");
            CompletableFuture<String> greeting = new CompletableFuture<>();
            Arbiter.activate(dispatcher.createQueue("main"),
                    Arbiter.receive(false, names, name -> greeting.complete("hello, " + name)));
            names.post("world");                                  // the receiver's handler runs on the dispatcher
            System.out.println(greeting.get(5, TimeUnit.SECONDS)); // hello, world
        }
        // end::quick-start[]
    }
}
