package io.ccrj.core.examples;

import io.ccrj.core.Port;
import io.ccrj.core.PortSet2;
import io.ccrj.core.SuccessFailurePort;

import java.io.IOException;
import java.util.List;

/** Ports, port sets and reply ports, with no dispatcher at all. */
public final class PortExamples {
    private PortExamples() {
    }

    /** What {@link #postAndTest()} observed. */
    public record PostAndTest(int queued, String head, List<String> rest, String none, long posted) {
    }

    /** Post without a receiver, then take items with {@code test}. */
    public static PostAndTest postAndTest() {
        // tag::post-and-test[]
        Port<String> port = new Port<>("greetings");
        port.post("hello");
        port.post("world");
        int queued = port.itemCount();      // 2: no receiver yet, both wait in the port
        String head = port.test();          // "hello": the head item, or null if there is none
        List<String> rest = port.test(1);   // ["world"]: exactly n items, or null and nothing taken
        String none = port.test();          // null: the port is empty
        long posted = port.postedCount();   // 2: every post ever made
        // end::post-and-test[]
        return new PostAndTest(queued, head, rest, none, posted);
    }

    /** What {@link #portSet()} observed. */
    public record PortSetResult(String word, Integer number, String result, String failure, String error) {
    }

    /** A port set routes by type; a success/failure port is the standard reply channel. */
    public static PortSetResult portSet() {
        // tag::port-set[]
        PortSet2<String, Integer> commands = new PortSet2<>(String.class, Integer.class);
        commands.post("stop");                        // routed by type to commands.first()
        commands.post(42);                            // to commands.second()
        String word = commands.first().test();        // "stop"
        Integer number = commands.second().test();    // 42

        String error = null;
        try {
            commands.post(2.5);                       // no port for Double
        } catch (IllegalArgumentException e) {
            error = e.getMessage();                   // "port set <String, Integer> has no port for items of type java.lang.Double"
        }

        SuccessFailurePort<String> reply = new SuccessFailurePort<>(String.class);
        reply.post("saved");                          // a result goes to reply.success()
        reply.post(new IOException("disk full"));     // an exception goes to reply.failure()
        String result = reply.success().test();       // "saved"
        String failure = reply.failure().test().getMessage(); // "disk full"
        // end::port-set[]
        return new PortSetResult(word, number, result, failure, error);
    }
}
