package io.ccrj.core;

/**
 * A port set of 2 item types, each port reachable with its static type.
 * <p>Not final: {@link SuccessFailurePort} is the standard two-type reply port.
 *
 * @param <A> the item type of port 0
 * @param <B> the item type of port 1
 */
public class PortSet2<A, B> extends PortSet {
    /**
     * Creates the set with one new port per type.
     *
     * @param firstType the item type of port 0
     * @param secondType the item type of port 1
     */
    public PortSet2(Class<A> firstType, Class<B> secondType) {
        super(firstType, secondType);
    }

    /** {@return the port for items of the first type} */
    @SuppressWarnings("unchecked")
    public final Port<A> first() {
        return (Port<A>) port(0);
    }

    /** {@return the port for items of the second type} */
    @SuppressWarnings("unchecked")
    public final Port<B> second() {
        return (Port<B>) port(1);
    }
}
