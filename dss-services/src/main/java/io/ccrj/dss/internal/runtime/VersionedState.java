package io.ccrj.dss.internal.runtime;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.ccrj.dss.Fault;
import io.ccrj.dss.FaultCode;
import io.ccrj.dss.Notification;
import io.ccrj.dss.Operation;
import io.ccrj.dss.Response;
import io.ccrj.dss.Service;
import io.ccrj.dss.Verb;
import io.ccrj.dss.internal.json.Json;
import io.ccrj.dss.internal.json.JsonLimits;
import io.ccrj.dss.internal.json.SmallJson;

import java.io.IOException;
import java.util.List;

/**
 * One service's versioned, optionally durable state: the typed state, its JSON snapshot and the
 * snapshot's bytes, the version (the ETag), the state file, and the commit of a modification
 * (check, serialize, save, then bump the version and append the notification).
 *
 * <h2>Threading</h2>
 * Written only by exclusive or teardown handlers, which the service's interleave runs alone and
 * orders (its lock gives happens-before between one handler's end and the next one's start);
 * {@link #state} and the {@link Committed} pair are volatile so that concurrent handlers, the
 * host's inline Get, its browser view and its metrics, which read outside the exclusive section,
 * see whole values; the pair is replaced only by a commit, so a reader sees committed versions
 * only. {@link #rollback} is touched by exclusive handlers only.
 *
 * @param <S> the state type
 */
final class VersionedState<S> {
    private static final System.Logger LOG = System.getLogger(VersionedState.class.getName());

    private final String name;
    private final Service<S> service;
    private final ApiHooks hooks;
    private final StateFile stateFile;
    private volatile S state;
    /**
     * The typed state of the last commit as the running exclusive handler knows it: set when the
     * handler starts and by its commit; {@link #restore} puts it back.
     */
    private S rollback;
    /**
     * The last committed snapshot and its version, one immutable pair behind one volatile field:
     * a reader outside the interleave (the host's inline Get, the browser view) never sees a
     * snapshot with another version's number.
     */
    private volatile Committed committed;
    /** The current snapshot's JSON bytes, written once per version. */
    private final SnapshotBytes snapshotBytes = new SnapshotBytes();
    private final EtagCache etags = new EtagCache();

    /**
     * Loads the first state: the state file's if it holds one, else the given one, else the
     * service's initial state.
     *
     * @throws Fault BAD_REQUEST if the given state is not a valid state
     * @throws IOException if the state file cannot be read or holds no valid state
     */
    VersionedState(String name, Service<S> service, JsonNode initialState, StateFile stateFile, ApiHooks hooks)
            throws Fault, IOException {
        this.name = name;
        this.hooks = hooks;
        this.service = service;
        this.stateFile = stateFile;
        S initial = service.initialState();
        long initialVersion = 0;
        StateFile.Loaded loaded = stateFile == null ? null : stateFile.load();
        if (loaded != null) {
            try {
                initial = hooks.fromJson(service, loaded.state());
            } catch (Fault f) {
                throw new IOException("state file " + stateFile.path() + " does not hold a state of contract "
                        + ServiceRuntime.shownContract(service) + ": " + f.getMessage(), f);
            }
            initialVersion = loaded.version();
            LOG.log(System.Logger.Level.INFO, "service {0}: state loaded from {1} (version {2})", name, stateFile.path(),
                    Long.toString(initialVersion));
        } else if (initialState != null && !initialState.isNull()) {
            initial = hooks.fromJson(service, initialState);
        }
        this.state = initial;
        this.committed = new Committed(firstSnapshot(initial, loaded != null ? "the state in state file " + stateFile.path()
                : initialState != null && !initialState.isNull() ? "the state given" : "the initial state"), initialVersion);
    }

    /**
     * The first snapshot: a state that reads but does not write (a getter that throws for some
     * values, a type Jackson writes for some values only) is refused here as the request's fault,
     * in words, instead of escaping as an unexpected exception that the host could only report as
     * its own failure.
     */
    private JsonNode firstSnapshot(S initial, String which) throws Fault {
        try {
            return hooks.toJson(service, initial);
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, () -> "service " + name + ": " + which + " cannot be written as JSON", e);
            throw new Fault(FaultCode.BAD_REQUEST, which + " for service '" + name + "' (" + ServiceRuntime.shownContract(service)
                    + ") cannot be written as JSON: " + Json.firstLine(
                    e.getCause() instanceof com.fasterxml.jackson.core.JsonProcessingException jpe ? jpe : e) // valueToTree wraps it
                    + "; the service was not created", e);
        }
    }

    /** {@return the last committed snapshot with its version} */
    Committed committed() {
        return committed;
    }

    S state() {
        return state;
    }

    void set(S value) {
        state = value;
    }

    JsonNode snapshot() {
        return committed.snapshot();
    }

    long version() {
        return committed.version();
    }

    /** @return the bytes of a snapshot handed out, or {@code null} if it is no longer current */
    byte[] snapshotBytes(JsonNode snap) {
        return snapshotBytes.of(snap, committed.snapshot());
    }

    /** @return the HTTP entity tag of a version, formatted once per version */
    CharSequence etag(long v) {
        return etags.of(v);
    }

    /** Called as an exclusive handler starts: remembers the state a failure restores. */
    void begin() {
        rollback = state;
    }

    /**
     * Puts back the last committed state: the one the running exclusive handler started from, or
     * the one its own commit made (a failure after the commit keeps what was committed: Get, the
     * ETag and the state file show it already).
     */
    void restore() {
        state = rollback;
    }

    /**
     * Checks an {@code If-Match} precondition against the current version.
     *
     * @throws Fault PRECONDITION_FAILED if no tag matches, BAD_REQUEST if malformed
     */
    void checkIfMatch(String ifMatch) throws Fault {
        List<String> tags = IfMatch.tags(ifMatch);
        String current = Response.etagOf(committed.version());
        if (tags == null) {
            throw new Fault(FaultCode.BAD_REQUEST, "malformed If-Match: " + ifMatch
                    + " (expected *, or entity tags in double quotes such as " + current + ", separated by commas)");
        }
        for (String tag : tags) {
            // weak tags never match strongly (RFC 9110 13.1.1), but are well-formed
            if (tag.equals("*") || tag.equals(current)) {
                return;
            }
        }
        throw new Fault(FaultCode.PRECONDITION_FAILED, "If-Match " + ifMatch + " does not match the current ETag "
                + current + "; read the state again and retry");
    }

    /**
     * Commits a successful modification before its answer is delivered: bumps the version,
     * refreshes the snapshot, saves the durable file and appends the notification.
     *
     * <p>An answer tells the truth about the state: everything that can fail is done first (the
     * new state and the notification are checked against the limits that reading them back
     * applies and serialized, the state file is written), and only then are the version, the
     * snapshot and the notification sequence committed. A failure before the commit restores the
     * state and throws, so a modification answered with a fault changed nothing.
     *
     * @param op the exclusive modification that answers
     * @param log the service's notification log
     * @param notification the notification's body, or {@code null} for the one the operation makes
     * @return the new version
     * @throws Fault why nothing was changed (the state is restored already)
     */
    long commit(Operation op, NotificationLog log, JsonNode notification) throws Fault {
        JsonNode snap;
        byte[] bytes;
        Notification n;
        int notificationBytes;
        try {
            snap = hooks.toJson(service, state);
            JsonLimits.check(snap, "the new state of service '" + name + "'", JsonLimits.MARGIN);
            // written now, before the commit, so that nothing after the commit can fail on it; the
            // bytes are the state file's and every Get's of this version
            bytes = SmallJson.bytes(snap);
            n = notification != null ? new Notification(log.sequence() + 1, op.verb().action(), notification)
                    : notificationOf(op, log.sequence() + 1);
            // what every subscriber will write must be writable (the check), and its size bounds
            // the replay window: both from one walk of the tree, which is not written out here
            // (each subscriber writes it as it sends it)
            notificationBytes = (int) Math.min(Integer.MAX_VALUE,
                    JsonLimits.checkAndMeasure(n.body(), "the notification of this change", JsonLimits.MARGIN));
        } catch (JsonLimits.Violation e) {
            state = rollback;
            throw new Fault(FaultCode.BAD_REQUEST, e.getMessage() + "; nothing was changed");
        } catch (OutOfMemoryError | StackOverflowError e) {
            LOG.log(System.Logger.Level.ERROR, () -> "service " + name + ": no memory to write the state after " + op
                    + "; the change is rolled back", e);
            state = rollback;
            throw new Fault(FaultCode.UNAVAILABLE, "the host has no memory left to write the state of service '"
                    + name + "' after this change; nothing was changed, retry later", e);
        } catch (IOException | RuntimeException e) {
            LOG.log(System.Logger.Level.ERROR, () -> "service " + name + ": the state after " + op
                    + " cannot be written; the change is rolled back", e);
            state = rollback;
            throw new Fault(FaultCode.INTERNAL, "the state of service '" + name
                    + "' after this change cannot be written as JSON; nothing was changed", e);
        }
        long v = committed.version() + 1;
        Committed next;
        SnapshotBytes.Entry nextBytes;
        try {
            // made now, so that the commit below only assigns: nothing there allocates
            next = new Committed(snap, v);
            nextBytes = SnapshotBytes.entry(snap, bytes);
            if (stateFile != null) {
                stateFile.save(v, bytes);
            }
        } catch (IOException | RuntimeException | OutOfMemoryError e) {
            state = rollback;
            try {
                LOG.log(System.Logger.Level.ERROR, () -> "service " + name + ": "
                        + (stateFile == null ? "preparing the commit" : "saving " + stateFile.path())
                        + " failed; the change is rolled back", e);
            } catch (RuntimeException | OutOfMemoryError ignored) {
                // no memory even to log: the fault below still tells the client
            }
            if (e instanceof OutOfMemoryError) {
                throw new Fault(FaultCode.UNAVAILABLE, "the host has no memory left to commit this change to service '"
                        + name + "'; nothing was changed, retry later", e);
            }
            throw new Fault(FaultCode.INTERNAL, "the state of service '" + name
                    + "' could not be saved to its state file (" + e.getMessage() + "); nothing was changed", e);
        }
        // The commit: assignments only, so it cannot fail half-way; the state file holds version
        // v already. The typed state becomes the one a later failure restores, the snapshot's
        // bytes are published before the pair that names them (a reader that finds the new pair
        // finds its bytes, or writes equal ones), then the pair (one volatile write: Get, Lookup
        // and the ETag move together), then the notification. The fan-out swallows its own
        // failures (a subscriber that cannot take its event is dropped, see NotificationLog): an
        // error there is logged, never turned into this write's answer.
        rollback = state;
        snapshotBytes.publish(nextBytes);
        committed = next;
        try {
            log.append(n, notificationBytes);
        } catch (Throwable t) {
            try {
                LOG.log(System.Logger.Level.ERROR, () -> "service " + name + ": notifying the change to version " + v
                        + " failed; the change stands", t);
            } catch (Throwable ignored) {
                // not even the log line: the change stands all the same
            }
        }
        return v;
    }

    /** Saves the last committed state at the service's drop (a failure is logged: the drop goes on). */
    void saveAtDrop() {
        if (stateFile == null) {
            return;
        }
        try {
            Committed c = committed;
            stateFile.save(c.version(), c.snapshot());
        } catch (IOException e) {
            LOG.log(System.Logger.Level.ERROR, () -> "service " + name + ": saving " + stateFile.path() + " at drop failed", e);
        }
    }

    private static Notification notificationOf(Operation op, long seq) {
        String action = op.verb() == Verb.SUBMIT ? op.action() : op.verb().action();
        JsonNode body;
        if (op.verb() == Verb.UPSERT || op.verb() == Verb.DELETE) {
            ObjectNode o = Json.object();
            o.put("key", op.key());
            if (op.verb() == Verb.UPSERT) {
                o.set("value", op.bodyOrEmpty());
            }
            body = o;
        } else {
            body = op.bodyOrEmpty();
        }
        return new Notification(seq, action, body);
    }
}
