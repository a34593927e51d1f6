package io.ccrj.core.internal;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;

/**
 * {@code Arbiter.choice}: the first branch to commit wins; the others consume nothing and are
 * unregistered.
 *
 * <p>Atomicity: a branch asks {@link #commit} while holding the lock(s) of its port(s), before it
 * takes anything; the compare-and-set on {@link #winner} is the single decision point, so exactly
 * one branch ever consumes. Losers are unregistered after the winner's locks are released (never
 * under them: that would nest port locks out of order); until then they refuse every offer.
 */
@Internal
public final class ChoiceArbiter extends ArbiterNode implements ArbiterNode.Parent {
    private final ArbiterNode[] branches;
    private final AtomicReference<ArbiterNode> winner = new AtomicReference<>();

    public ChoiceArbiter(ArbiterNode[] branches) {
        super(false);
        if (branches.length == 0) {
            throw new IllegalArgumentException("choice needs at least one branch");
        }
        for (ArbiterNode b : branches) {
            if (b.isPersistent()) {
                throw new IllegalArgumentException("choice branches must be one-shot, but got " + b.describe());
            }
            requireNestable(b, "a choice");
        }
        this.branches = branches.clone();
        for (ArbiterNode b : this.branches) {
            b.setParent(this);
        }
    }

    @Override
    protected boolean nestable() {
        return false;
    }

    @Override
    protected void register() {
        for (ArbiterNode b : branches) {
            if (winner.get() != null) {
                break;
            }
            b.activate(sink);
        }
        // A branch may have won while later ones were still being registered by this thread, or a
        // concurrent winner may have retracted a branch just before this thread registered it.
        if (winner.get() != null) {
            retractLosers();
        }
    }

    @Override
    public Dispatchable commit(ArbiterNode branch, Task task) {
        if (cancelled || !winner.compareAndSet(null, branch)) {
            return null;
        }
        markFired();
        return () -> {
            retractLosers();
            task.dispatch();
        };
    }

    private void retractLosers() {
        ArbiterNode w = winner.get();
        for (ArbiterNode b : branches) {
            if (b != w) {
                b.cancel();
            }
        }
    }

    @Override
    protected void unregister() {
        for (ArbiterNode b : branches) {
            b.cancel();
        }
    }

    @Override
    protected boolean isFinished() {
        return winner.get() != null;
    }

    @Override
    public String describe() {
        return "choice[" + branches.length + " branches]";
    }

    /** The whole tree, one branch per line. */
    public String describeTree() {
        return "choice(" + Arrays.stream(branches).map(ArbiterNode::describe).collect(Collectors.joining("; ")) + ")";
    }
}
