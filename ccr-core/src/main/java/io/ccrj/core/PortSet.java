package io.ccrj.core;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * A bundle of ports of different item types addressed as one: {@link #post(Object)} routes an
 * item to the port whose declared type fits it. CCR's {@code PortSet<T0, ..., Tn>}.
 *
 * <p>Routing picks the most specific declared type the item is an instance of (so a port set of
 * {@code Object} and {@code Exception} sends exceptions to the second port and everything else to
 * the first). An item that fits no declared type, or fits two unrelated ones equally, is rejected
 * with an {@link IllegalArgumentException} naming the types. Use the typed subclasses
 * ({@link PortSet2}, {@link PortSet3}, {@link PortSet4}, {@link SuccessFailurePort}) to reach each
 * port with its static type, or, for any number of types, {@link #of(Class...)} and the
 * type-indexed {@link #port(Class)} and {@link #test(Class)}.
 *
 * <pre>{@code
 * PortSet replies = PortSet.of(String.class, Integer.class, Exception.class, Instant.class, UUID.class);
 * replies.post(42);
 * Integer n = replies.test(Integer.class);
 * Arbiter.activate(queue, Arbiter.choice(replies, item -> handle(item)));
 * }</pre>
 *
 * <p>Thread safety: as {@link Port}; the set itself is immutable.
 */
public class PortSet {
    private final Class<?>[] types;
    private final Port<?>[] ports;

    /**
     * Creates a port set with one new port per type.
     *
     * @param types the item types, at least two, all distinct
     */
    protected PortSet(Class<?>... types) {
        if (types.length < 2) {
            throw new IllegalArgumentException("a port set needs at least two types, got " + types.length);
        }
        this.types = types.clone();
        this.ports = new Port<?>[types.length];
        for (int i = 0; i < types.length; i++) {
            Objects.requireNonNull(types[i], "type " + i);
            for (int j = 0; j < i; j++) {
                if (types[j] == types[i]) {
                    throw new IllegalArgumentException("duplicate port set type " + types[i].getName());
                }
            }
            ports[i] = new Port<>(types[i].getSimpleName());
        }
    }

    /**
     * A port set of any number of types, without subclassing: reach its ports with
     * {@link #port(Class)}.
     *
     * @param types the item types, at least two, all distinct
     * @return a new port set with one new port per type
     * @throws IllegalArgumentException if fewer than two types are given or one repeats
     * @throws NullPointerException if a type is null
     */
    public static PortSet of(Class<?>... types) {
        return new PortSet(java.util.Objects.requireNonNull(types, "types"));
    }

    /**
     * Posts an item to the port of its type.
     *
     * @param item the item; not null
     * @throws IllegalArgumentException if no declared type, or no single most specific one, fits
     * @throws IllegalStateException if that port is closed
     */
    @SuppressWarnings("unchecked")
    public void post(Object item) {
        Objects.requireNonNull(item, "cannot post null to a port set");
        ((Port<Object>) ports[route(item.getClass())]).post(item);
    }

    /**
     * Posts an item to the port of its type without throwing on refusal (see {@link Port#tryPost}).
     *
     * @param item the item; not null
     * @return {@code true} if taken or queued, {@code false} if that port refused it
     * @throws IllegalArgumentException if no declared type, or no single most specific one, fits
     *     (a programming error, not a refusal)
     */
    @SuppressWarnings("unchecked")
    public boolean tryPost(Object item) {
        Objects.requireNonNull(item, "cannot post null to a port set");
        return ((Port<Object>) ports[route(item.getClass())]).tryPost(item);
    }

    private int route(Class<?> c) {
        for (int i = 0; i < types.length; i++) {
            if (types[i] == c) {
                return i;
            }
        }
        List<Integer> fits = new ArrayList<>();
        for (int i = 0; i < types.length; i++) {
            if (types[i].isAssignableFrom(c)) {
                fits.add(i);
            }
        }
        if (fits.isEmpty()) {
            throw new IllegalArgumentException("port set " + typeNames() + " has no port for items of type " + c.getName());
        }
        for (int candidate : fits) {
            boolean mostSpecific = true;
            for (int other : fits) {
                if (!types[other].isAssignableFrom(types[candidate])) {
                    mostSpecific = false;
                    break;
                }
            }
            if (mostSpecific) {
                return candidate;
            }
        }
        throw new IllegalArgumentException("item of type " + c.getName() + " fits several unrelated types of port set "
                + typeNames() + "; post to the port directly");
    }

    /**
     * The port at a position.
     *
     * @param index 0-based position in the declared types
     * @return the port
     * @throws IndexOutOfBoundsException if there is no port at {@code index}
     */
    public Port<?> port(int index) {
        return ports[index];
    }

    /**
     * The port declared for exactly this type (CCR's {@code portSet.P<T>()} / implicit cast).
     *
     * @param type one of the declared types, exactly (not a subtype)
     * @param <T> the item type
     * @return the port
     * @throws IllegalArgumentException if {@code type} is not one of the declared types
     */
    @SuppressWarnings("unchecked")
    public <T> Port<T> port(Class<T> type) {
        Objects.requireNonNull(type, "type");
        for (int i = 0; i < types.length; i++) {
            if (types[i] == type) {
                return (Port<T>) ports[i];
            }
        }
        throw new IllegalArgumentException("port set " + typeNames() + " has no port declared for type " + type.getName());
    }

    /**
     * Takes the head item of the port declared for {@code type}, if there is one. Does not wait.
     *
     * @param type one of the declared types, exactly
     * @param <T> the item type
     * @return the head item, or {@code null} if that port holds none
     * @throws IllegalArgumentException if {@code type} is not one of the declared types
     */
    public <T> T test(Class<T> type) {
        return port(type).test();
    }

    /**
     * The number of ports.
     *
     * @return the number of ports (declared types)
     */
    public int size() {
        return ports.length;
    }

    /**
     * Closes every port of the set (see {@link Port#close()}).
     */
    public void close() {
        for (Port<?> p : ports) {
            p.close();
        }
    }

    /** {@return the declared item types, in order} */
    public List<Class<?>> types() {
        return List.of(types);
    }

    /** {@return the total number of items queued across the ports} */
    public int itemCount() {
        int n = 0;
        for (Port<?> p : ports) {
            n += p.itemCount();
        }
        return n;
    }

    private String typeNames() {
        return Arrays.stream(types).map(Class::getSimpleName).collect(Collectors.joining(", ", "<", ">"));
    }

    @Override
    public String toString() {
        return "PortSet" + typeNames();
    }
}
