package mpi;

/**
 * A count of elements that may exceed {@code int} ({@code MPI_Count}), as Open MPI's
 * {@code mpi.Count}. Mutable, as there; not thread-safe.
 */
public final class Count implements Comparable<Object> {
    private long count;

    /**
     * A count.
     *
     * @param count the value
     */
    public Count(long count) {
        this.count = count;
    }

    /**
     * The value.
     *
     * @return the count
     */
    public long getCount() {
        return count;
    }

    /**
     * Sets the value.
     *
     * @param count the new value
     */
    public void setCount(long count) {
        this.count = count;
    }

    @Override
    public boolean equals(Object obj) {
        return obj instanceof Count c && c.count == count;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(count);
    }

    /**
     * Compares by value; anything that is not a {@code Count} is greater.
     *
     * @param obj the other
     * @return negative, zero or positive
     */
    @Override
    public int compareTo(Object obj) {
        return obj instanceof Count c ? Long.compare(count, c.count) : -1;
    }

    @Override
    public String toString() {
        return Long.toString(count);
    }
}
