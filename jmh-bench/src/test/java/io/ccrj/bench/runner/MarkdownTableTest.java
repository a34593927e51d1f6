package io.ccrj.bench.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class MarkdownTableTest {

    @Test
    void headerAlignmentAndRowsPaddedWithEmptyCells() {
        String t = new MarkdownTable("lrr", "name", "value", "ratio").row("a", 1, "2.0x").row("published", null).toString();
        assertThat(t).isEqualTo("| name | value | ratio |\n|---|---:|---:|\n| a | 1 | 2.0x |\n| published |  |  |\n");
    }

    @Test
    void aRowWiderThanTheHeaderOrAnAlignmentOfTheWrongLengthIsRefused() {
        MarkdownTable t = new MarkdownTable("ll", "a", "b");
        assertThatThrownBy(() -> t.row(1, 2, 3)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("3 cells");
        assertThatThrownBy(() -> new MarkdownTable("lx", "a", "b")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("\"lx\"");
    }
}
