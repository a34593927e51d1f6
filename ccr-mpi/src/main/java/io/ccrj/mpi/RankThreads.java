package io.ccrj.mpi;

/**
 * Which threads run the ranks of a rendezvous-model world.
 *
 * <p>Waking a parked platform thread on another core costs tens of microseconds on a small
 * virtual machine, a virtual-thread switch a fraction of a microsecond, and more spinning threads
 * than cores starve each other (docs/platform.md has this machine's figures; {@code bin/ccrj
 * platform} measures yours). Hence {@link #AUTO}.
 */
public enum RankThreads {
    /**
     * One platform thread per rank. A rank waiting for a message spins for an adaptive window
     * before it parks, so a hand-off between running ranks costs tens of nanoseconds. Best when
     * the ranks fit the available processors.
     */
    PLATFORM,
    /**
     * One virtual thread per rank. A waiting rank parks only its virtual thread; hand-offs cost a
     * virtual-thread switch. Best when ranks outnumber processors.
     */
    VIRTUAL,
    /**
     * {@link #PLATFORM} when the world's size is at most
     * {@link Runtime#availableProcessors()}, {@link #VIRTUAL} otherwise. The default.
     */
    AUTO
}
