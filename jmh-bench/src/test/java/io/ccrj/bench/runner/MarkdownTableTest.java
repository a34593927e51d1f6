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

    private record Row(String name, double value) {
    }

    @Test
    void declaredColumnsRenderEveryRowAsTheTableWould() {
        Columns<Row> columns = Columns.<Row>of().left("name", Row::name).right("value", r -> r.value() < 0 ? null : r.value());

        String t = columns.table(java.util.List.of(new Row("a", 1.5), new Row("b", -1))).row("published", 2).toString();

        assertThat(t).isEqualTo("| name | value |\n|---|---:|\n| a | 1.5 |\n| b |  |\n| published | 2 |\n");
        // A declaration is not changed by adding to it: each column added is a new one.
        assertThat(columns.right("more", Row::value).table(java.util.List.of()).toString()).startsWith("| name | value | more |");
        assertThat(columns.table(java.util.List.of()).toString()).isEqualTo("| name | value |\n|---|---:|\n");
    }
}
