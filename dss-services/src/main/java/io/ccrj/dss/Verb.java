package io.ccrj.dss;

import java.util.Locale;

/**
 * The DSSP operations a service's main port accepts (Create is a host-level operation, see
 * {@link ServiceHost#create}).
 *
 * <p>Each verb has a default {@link HandlerKind}: reads run concurrently, modifications
 * exclusively, Drop as the teardown, Lookup independently of the interleave.
 */
public enum Verb {
    /** The service's contract, supported operations and partners. */
    LOOKUP(HandlerKind.INDEPENDENT, false),
    /** The whole state. */
    GET(HandlerKind.CONCURRENT, false),
    /** A part of the state chosen by query parameters or a query body. */
    QUERY(HandlerKind.CONCURRENT, false),
    /** Adds an item; a conflict if it exists. */
    INSERT(HandlerKind.EXCLUSIVE, true),
    /** Changes the state with a JSON Merge Patch (RFC 7396). */
    UPDATE(HandlerKind.EXCLUSIVE, true),
    /** Inserts or replaces one item. */
    UPSERT(HandlerKind.EXCLUSIVE, true),
    /** Replaces the whole state. */
    REPLACE(HandlerKind.EXCLUSIVE, true),
    /** Removes one item; not found if absent. */
    DELETE(HandlerKind.EXCLUSIVE, true),
    /** A named action with a body (service-specific). */
    SUBMIT(HandlerKind.EXCLUSIVE, true),
    /** Registers a listener for the notifications that follow modifications. */
    SUBSCRIBE(HandlerKind.EXCLUSIVE, false),
    /** Stops the service: its teardown. */
    DROP(HandlerKind.TEARDOWN, false);

    private final HandlerKind defaultKind;
    private final boolean modifying;
    private final String action;

    Verb(HandlerKind defaultKind, boolean modifying) {
        this.defaultKind = defaultKind;
        this.modifying = modifying;
        this.action = name().toLowerCase(Locale.ROOT);
    }

    /** {@return the kind a handler of this verb gets unless it asks for another} */
    public HandlerKind defaultKind() {
        return defaultKind;
    }

    /**
     * {@return {@code true} for the verbs that change state: a successful answer bumps the
     *     version, saves a durable state and notifies subscribers, and a bearer token guards them}
     */
    public boolean isModifying() {
        return modifying;
    }

    /** {@return the lower-case name, used as the notification action (Submit uses its action name)} */
    public String action() {
        return action;
    }
}
