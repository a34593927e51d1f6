package io.ccrj.bench.paper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ccrj.bench.cli.UsageException;
import io.ccrj.bench.paper.PaperOptions.Item;
import io.ccrj.bench.paper.PaperOptions.Section;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class PaperOptionsTest {

    @Test
    void defaultsRunEverythingQuick() throws Exception {
        PaperOptions o = PaperOptions.parse();
        assertThat(o.full()).isFalse();
        assertThat(o.smoke()).isFalse();
        assertThat(o.only()).containsExactlyInAnyOrder(Item.values());
        assertThat(o.itemsOf(Section.OVERHEAD)).containsExactly(Item.PIPELINE, Item.SHIFT, Item.TWO_SHIFTS, Item.EXCHANGE);
        assertThat(o.itemsOf(Section.MPI)).containsExactly(Item.RENDEZVOUS, Item.LATENCY, Item.BANDWIDTH);
        assertThat(o.itemsOf(Section.DSS)).containsExactly(Item.DSS);
        assertThat(o.out()).isNull();
    }

    @Test
    void onlyAcceptsPatternsAndGroupsInAnySpelling() throws Exception {
        PaperOptions o = PaperOptions.parse("--only", "Two-Shifts,bandwidth", "--out=/tmp/p", "--full");
        assertThat(o.only()).containsExactlyInAnyOrder(Item.TWO_SHIFTS, Item.BANDWIDTH);
        assertThat(o.itemsOf(Section.OVERHEAD)).containsExactly(Item.TWO_SHIFTS);
        assertThat(o.out()).isEqualTo(Path.of("/tmp/p"));
        assertThat(o.full()).isTrue();
    }

    @Test
    void badOptionsNameTheProblem() {
        assertThatThrownBy(() -> PaperOptions.parse("--fast")).isInstanceOf(UsageException.class)
                .hasMessage("unknown option '--fast'");
        assertThatThrownBy(() -> PaperOptions.parse("--only", "pingpong")).hasMessageContaining("unknown experiment 'pingpong'")
                .hasMessageContaining("known: pipeline, shift, twoshifts, exchange, rendezvous, latency, bandwidth, dss");
        assertThatThrownBy(() -> PaperOptions.parse("--only", "shift,")).hasMessageContaining("empty item");
        assertThatThrownBy(() -> PaperOptions.parse("--out")).hasMessage("option --out needs a value");
        assertThatThrownBy(() -> PaperOptions.parse("--full", "--smoke")).hasMessageContaining("exclude each other");
        assertThatThrownBy(() -> PaperOptions.parse("--full=1")).hasMessage("option --full takes no value");
        assertThatThrownBy(() -> PaperOptions.parse("table1")).hasMessageContaining("unexpected argument 'table1'");
    }
}
