package mpi;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Key-value hints, as Open MPI's {@code mpi.Info} ({@code MPI_Info}): keys and values are stored
 * and read back in the order set; none of them changes what this package does (the calls that
 * take one store it, {@link Comm#setInfo}). Keys up to {@link MPI#MAX_INFO_KEY} characters,
 * values up to {@link MPI#MAX_INFO_VAL}. Not thread-safe, as MPI's info objects.
 */
public final class Info implements Freeable, Cloneable {
    private final Map<String, String> entries = new LinkedHashMap<>();
    /** {@link MPI#INFO_NULL} and {@link MPI#INFO_ENV}: read-only. */
    private final boolean predefined;
    private boolean freed;

    /**
     * An empty info object ({@code MPI_Info_create}).
     *
     * @throws MPIException never
     */
    public Info() throws MPIException {
        this.predefined = false;
    }

    /** A predefined, read-only, empty info object. */
    Info(boolean predefined) {
        this.predefined = predefined;
    }

    private void writable(String operation) {
        if (predefined) {
            throw new MPIException(MPI.ERR_INFO, "Info." + operation + ": a predefined info object is read-only");
        }
        if (freed) {
            throw new MPIException(MPI.ERR_INFO, "Info." + operation + ": the info object was freed");
        }
    }

    /**
     * Sets a key ({@code MPI_Info_set}).
     *
     * @param key the key, 1 to {@link MPI#MAX_INFO_KEY} characters
     * @param value the value, up to {@link MPI#MAX_INFO_VAL} characters
     * @throws MPIException for a bad key or value, or a predefined or freed object
     */
    public void set(String key, String value) throws MPIException {
        writable("set");
        if (key == null || key.isEmpty() || key.length() > MPI.MAX_INFO_KEY) {
            throw new MPIException(MPI.ERR_INFO_KEY, "Info.set: the key must have 1 to " + MPI.MAX_INFO_KEY
                    + " characters, got " + (key == null ? "null" : "'" + key + "'"));
        }
        if (value == null || value.length() > MPI.MAX_INFO_VAL) {
            throw new MPIException(MPI.ERR_INFO_VALUE, "Info.set: the value of '" + key + "' must have at most "
                    + MPI.MAX_INFO_VAL + " characters" + (value == null ? ", got null" : ""));
        }
        entries.put(key, value);
    }

    /**
     * The value of a key ({@code MPI_Info_get}).
     *
     * @param key the key
     * @return the value, or {@code null} if the key is not set
     * @throws MPIException never
     */
    public String get(String key) throws MPIException {
        return entries.get(key);
    }

    /**
     * Deletes a key ({@code MPI_Info_delete}).
     *
     * @param key the key
     * @throws MPIException if the key is not set ({@link MPI#ERR_INFO_NOKEY}), or the object is
     *     predefined or freed
     */
    public void delete(String key) throws MPIException {
        writable("delete");
        if (entries.remove(key) == null) {
            throw new MPIException(MPI.ERR_INFO_NOKEY, "Info.delete: no key '" + key + "'");
        }
    }

    /**
     * The number of keys ({@code MPI_Info_get_nkeys}).
     *
     * @return the number of keys set
     * @throws MPIException never
     */
    public int size() throws MPIException {
        return entries.size();
    }

    /**
     * The {@code i}-th key, in the order set ({@code MPI_Info_get_nthkey}).
     *
     * @param i the position
     * @return the key
     * @throws MPIException for a position out of range
     */
    public String getKey(int i) throws MPIException {
        List<String> keys = new ArrayList<>(entries.keySet());
        if (i < 0 || i >= keys.size()) {
            throw new MPIException(MPI.ERR_ARG, "Info.getKey: position " + i + " is not in [0, " + keys.size() + ")");
        }
        return keys.get(i);
    }

    /**
     * A copy ({@code MPI_Info_dup}).
     *
     * @return a writable copy with the same keys and values
     */
    @Override
    public Info clone() {
        Info i = new Info(false);
        i.entries.putAll(entries);
        return i;
    }

    /**
     * Frees the object ({@code MPI_Info_free}); afterwards {@link #isNull()} is true.
     *
     * @throws MPIException for a predefined object
     */
    @Override
    public void free() throws MPIException {
        if (predefined) {
            throw new MPIException(MPI.ERR_INFO, "Info.free: a predefined info object cannot be freed");
        }
        freed = true;
        entries.clear();
    }

    /**
     * Whether this is {@link MPI#INFO_NULL} or freed.
     *
     * @return {@code true} for the null info
     */
    public boolean isNull() {
        return freed || this == MPI.INFO_NULL;
    }
}
