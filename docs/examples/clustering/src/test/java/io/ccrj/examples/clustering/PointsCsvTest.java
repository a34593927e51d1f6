package io.ccrj.examples.clustering;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class PointsCsvTest {
    @Test
    void readsOnePointPerLineSkippingBlankLines() {
        Points p = PointsCsv.parse("1, 2\n\n-3.5,4e2\n  0 ,0\n\n", "t.csv");
        assertThat(p.n()).isEqualTo(3);
        assertThat(p.d()).isEqualTo(2);
        assertThat(p.values()).containsExactly(1, 2, -3.5, 400, 0, 0);
    }

    @Test
    void aMalformedLineIsNamedByItsNumber() {
        assertThatThrownBy(() -> PointsCsv.parse("1,2\n3,4\n5,abc\n", "t.csv"))
                .isInstanceOf(PointsCsv.BadInputException.class)
                .hasMessage("t.csv line 3, value 2: 'abc' is not a number");
        assertThatThrownBy(() -> PointsCsv.parse("1,2\n3,4,5\n", "t.csv"))
                .hasMessage("t.csv line 2: 3 values, but line 1 has 2 (every point needs the same number of coordinates)");
        assertThatThrownBy(() -> PointsCsv.parse("x,y\n1,2\n", "t.csv")).hasMessageContaining("line 1, value 1: 'x' is not a number");
        assertThatThrownBy(() -> PointsCsv.parse("1,,2\n", "t.csv")).hasMessageContaining("line 1, value 2: '' is not a number");
        assertThatThrownBy(() -> PointsCsv.parse("0x1p3\n", "t.csv")).hasMessageContaining("is not a decimal number");
    }

    @Test
    void nanAndInfinityAreRefused() {
        assertThatThrownBy(() -> PointsCsv.parse("1,2\nNaN,1\n", "t.csv"))
                .hasMessage("t.csv line 2, value 1: 'NaN' is not a finite number");
        assertThatThrownBy(() -> PointsCsv.parse("1,-Infinity\n", "t.csv")).hasMessageContaining("is not a finite number");
        assertThatThrownBy(() -> PointsCsv.parse("1,1e400\n", "t.csv")).hasMessageContaining("'1e400' is not a finite number");
    }

    @Test
    void anEmptyFileHasNoPoints() {
        assertThatThrownBy(() -> PointsCsv.parse("", "e.csv")).hasMessage("e.csv: no points (the file is empty)");
        assertThatThrownBy(() -> PointsCsv.parse("\n  \n", "e.csv")).hasMessage("e.csv: no points (the file is empty)");
    }

    @Test
    void aMissingFileIsNamed() {
        assertThatThrownBy(() -> PointsCsv.read(java.nio.file.Path.of("/nonexistent/p.csv")))
                .isInstanceOf(PointsCsv.BadInputException.class).hasMessage("/nonexistent/p.csv: no such file");
    }
}
