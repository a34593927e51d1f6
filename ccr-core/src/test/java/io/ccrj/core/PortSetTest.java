package io.ccrj.core;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

@Timeout(30)
class PortSetTest extends CcrTestSupport {

    @Test
    void postRoutesEachItemToThePortOfItsType() {
        PortSet3<String, Integer, Double> set = new PortSet3<>(String.class, Integer.class, Double.class);
        set.post("a");
        set.post(1);
        set.post(2.5);
        set.post("b");
        assertThat(set.first().items()).containsExactly("a", "b");
        assertThat(set.second().items()).containsExactly(1);
        assertThat(set.third().items()).containsExactly(2.5);
        assertThat(set.itemCount()).isEqualTo(4);
        assertThat(set.types()).containsExactly(String.class, Integer.class, Double.class);
        assertThat(set.port(1)).isSameAs(set.second());
    }

    @Test
    void postPicksTheMostSpecificDeclaredTypeWhateverTheDeclarationOrder() {
        PortSet3<RuntimeException, Object, Exception> set =
                new PortSet3<>(RuntimeException.class, Object.class, Exception.class);
        set.post(new IllegalStateException("runtime"));
        set.post(new IOException("checked"));
        set.post("plain");
        assertThat(set.first().items()).singleElement().isInstanceOf(IllegalStateException.class);
        assertThat(set.third().items()).singleElement().isInstanceOf(IOException.class);
        assertThat(set.second().items()).containsExactly("plain");
    }

    @Test
    void exactTypeMatchWinsOverSupertype() {
        PortSet2<Number, Integer> set = new PortSet2<>(Number.class, Integer.class);
        set.post(1);
        set.post(1L);
        assertThat(set.second().items()).containsExactly(1);
        assertThat(set.first().items()).containsExactly(1L);
    }

    @Test
    void unknownTypeIsRejectedNamingTheType() {
        PortSet2<String, Integer> set = new PortSet2<>(String.class, Integer.class);
        assertThatThrownBy(() -> set.post(2.5))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("java.lang.Double");
        assertThat(set.itemCount()).isZero();
    }

    @Test
    @SuppressWarnings({"rawtypes", "unchecked"})
    void itemFittingTwoUnrelatedTypesIsRejectedAsAmbiguous() {
        PortSet2<Comparable, CharSequence> set = new PortSet2<>(Comparable.class, CharSequence.class);
        assertThatThrownBy(() -> set.post("both"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("java.lang.String")
                .hasMessageContaining("several");
        assertThat(set.itemCount()).isZero();
        set.post(42); // only Comparable
        assertThat(set.first().items()).containsExactly(42);
    }

    @Test
    void nullItemIsRejected() {
        PortSet2<String, Integer> set = new PortSet2<>(String.class, Integer.class);
        assertThatThrownBy(() -> set.post(null)).isInstanceOf(NullPointerException.class);
    }

    @Test
    void duplicateTypesAreRejected() {
        assertThatThrownBy(() -> new PortSet2<>(String.class, String.class))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("java.lang.String");
        assertThatThrownBy(() -> new PortSet3<>(String.class, Integer.class, null))
                .isInstanceOf(NullPointerException.class);
    }

    @Test
    void portSet4ExposesEachPortWithItsStaticType() {
        PortSet4<String, Integer, Long, Boolean> set =
                new PortSet4<>(String.class, Integer.class, Long.class, Boolean.class);
        set.post(true);
        set.post(3L);
        set.post(2);
        set.post("s");
        String s = set.first().test();
        Integer i = set.second().test();
        Long l = set.third().test();
        Boolean b = set.fourth().test();
        assertThat(List.of(s, i, l, b)).containsExactly("s", 2, 3L, true);
    }

    @Test
    void successFailurePortSendsExceptionsToFailureAndResultsToSuccess() {
        SuccessFailurePort<Object> reply = new SuccessFailurePort<>();
        reply.post("ok");
        reply.post(new UncheckedIOException(new IOException("io")));
        reply.post(new IOException("checked"));
        reply.postSuccess(17);
        reply.postFailure(new IllegalStateException("explicit"));
        assertThat(reply.success().items()).containsExactly("ok", 17);
        assertThat(reply.failure().items()).hasSize(3).allMatch(e -> e instanceof Exception);
    }

    @Test
    void typedSuccessFailurePortRejectsResultsOfAnotherType() {
        SuccessFailurePort<String> reply = new SuccessFailurePort<>(String.class);
        reply.post("ok");
        reply.post(new IllegalArgumentException("bad"));
        assertThatThrownBy(() -> reply.post(5)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("java.lang.Integer");
        assertThat(reply.success().items()).containsExactly("ok");
        assertThat(reply.failure().itemCount()).isEqualTo(1);
    }

    @Test
    void choiceOverSuccessFailurePortHandlesWhicheverComesFirst() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        SuccessFailurePort<String> reply = new SuccessFailurePort<>(String.class);
        java.util.concurrent.CompletableFuture<Object> got = new java.util.concurrent.CompletableFuture<>();
        Arbiter.activate(q, Arbiter.choice(reply, got::complete, got::complete));
        reply.post(new IllegalStateException("failed"));
        assertThat(await(got)).isInstanceOf(IllegalStateException.class);
        reply.post("late");
        barrier(q);
        assertThat(reply.success().items()).containsExactly("late");
        assertThat(reply.success().receiverCount()).isZero();
        assertThat(reply.failure().receiverCount()).isZero();
    }
}
