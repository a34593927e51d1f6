package io.ccrj.core;

/**
 * A port set of 3 item types, each port reachable with its static type.
 *
 * @param <A> the item type of port 0
 * @param <B> the item type of port 1
 * @param <C> the item type of port 2
 */
public final class PortSet3<A, B, C> extends PortSet {
    /**
     * Creates the set with one new port per type.
     *
     * @param firstType the item type of port 0
     * @param secondType the item type of port 1
     * @param thirdType the item type of port 2
     */
    public PortSet3(Class<A> firstType, Class<B> secondType, Class<C> thirdType) {
        super(firstType, secondType, thirdType);
    }

    /** {@return the port for items of the first type} */
    @SuppressWarnings("unchecked")
    public Port<A> first() {
        return (Port<A>) port(0);
    }

    /** {@return the port for items of the second type} */
    @SuppressWarnings("unchecked")
    public Port<B> second() {
        return (Port<B>) port(1);
    }

    /** {@return the port for items of the third type} */
    @SuppressWarnings("unchecked")
    public Port<C> third() {
        return (Port<C>) port(2);
    }
}
