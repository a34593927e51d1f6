package io.ccrj.mpi.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.ccrj.mpi.Datatype;
import io.ccrj.mpi.SpmdWorld;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The decisions of {@link NonblockingChannels}, member by member, in the orders that matter:
 * every member of one collective gets the same exchange, whether the collective took its reused
 * slot or (slot still held, or retired) an exchange of its own, including a member that arrives
 * after the slot was freed again.
 */
class NonblockingChannelsTest {
    private final World world = new World(SpmdWorld.builder().size(2).build());
    private final NonblockingChannels channels = new NonblockingChannels(world, 7, 2);

    @AfterEach
    void close() {
        world.close();
    }

    @Test
    void aFinishedSlotServesTheNextCollectiveOfItsNumber() {
        CollectiveExchange first = channels.exchange(0);
        assertThat(channels.exchange(0)).isSameAs(first);
        assertThat(channels.isFree(0)).isFalse();
        first.finished();
        first.finished();
        assertThat(channels.isFree(0)).isTrue();
        assertThat(channels.exchange(NonblockingChannels.SLOTS)).isSameAs(first);
        assertThat(world.openExchanges()).isZero();
    }

    @Test
    void aHeldSlotSendsTheNextCollectiveToAnExchangeOfItsOwnForEveryMember() {
        CollectiveExchange held = channels.exchange(0);
        channels.exchange(0);
        held.finished();                                          // one member is still in collective 0
        long next = NonblockingChannels.SLOTS;
        CollectiveExchange own = channels.exchange(next);         // the first member of the next one decides
        assertThat(own).isNotSameAs(held);
        assertThat(world.openExchanges()).isEqualTo(1);
        held.finished();                                          // the slot is free again ...
        assertThat(channels.isFree(0)).isTrue();
        assertThat(channels.exchange(next)).isSameAs(own);        // ... but the late member follows the decision
        own.finished();
        own.finished();
        assertThat(world.openExchanges()).isZero();
        assertThat(channels.exchange(2 * next)).isSameAs(held);   // and the collective after takes the slot
    }

    @Test
    void aSlotWhoseCollectiveLeftMessagesIsRetired() {
        CollectiveExchange e = channels.exchange(1);
        channels.exchange(1);
        e.port(1, 0, 3).post(new CollectiveExchange.Piece(Datatype.Base.INT, 1, new int[] {5}, 0));
        e.finished();
        assertThat(world.unreceived()).isNull();
        e.finished();
        assertThat(channels.isFree(1)).isFalse();
        assertThat(world.unreceived()).isEqualTo("a nonblocking collective's message from world rank 0 to world rank 1 was never received");
        CollectiveExchange later = channels.exchange(1 + NonblockingChannels.SLOTS);
        assertThat(later).isNotSameAs(e);
        assertThat(channels.exchange(1 + NonblockingChannels.SLOTS)).isSameAs(later);
    }
}
