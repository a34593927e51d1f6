package io.ccrj.dss.internal.json;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

/** RFC 7396 appendix A, every example. */
class MergePatchTest {
    @ParameterizedTest(name = "{0} + {1} = {2}")
    @CsvSource(delimiter = '|', value = {
        "{\"a\":\"b\"}                 | {\"a\":\"c\"}             | {\"a\":\"c\"}",
        "{\"a\":\"b\"}                 | {\"b\":\"c\"}             | {\"a\":\"b\",\"b\":\"c\"}",
        "{\"a\":\"b\"}                 | {\"a\":null}              | {}",
        "{\"a\":\"b\",\"b\":\"c\"}     | {\"a\":null}              | {\"b\":\"c\"}",
        "{\"a\":[\"b\"]}               | {\"a\":\"c\"}             | {\"a\":\"c\"}",
        "{\"a\":\"c\"}                 | {\"a\":[\"b\"]}           | {\"a\":[\"b\"]}",
        "{\"a\":{\"b\":\"c\"}}         | {\"a\":{\"b\":\"d\",\"c\":null}} | {\"a\":{\"b\":\"d\"}}",
        "{\"a\":[{\"b\":\"c\"}]}       | {\"a\":[1]}               | {\"a\":[1]}",
        "[\"a\",\"b\"]                 | [\"c\",\"d\"]             | [\"c\",\"d\"]",
        "{\"a\":\"b\"}                 | [\"c\"]                   | [\"c\"]",
        "{\"a\":\"foo\"}               | null                      | null",
        "{\"a\":\"foo\"}               | \"bar\"                   | \"bar\"",
        "{\"e\":null}                  | {\"a\":1}                 | {\"e\":null,\"a\":1}",
        "[1,2]                         | {\"a\":\"b\",\"c\":null}  | {\"a\":\"b\"}",
        "{}                            | {\"a\":{\"bb\":{\"ccc\":null}}} | {\"a\":{\"bb\":{}}}"
    })
    void rfc7396Examples(String target, String patch, String result) throws Exception {
        var t = Json.TREE_READER.readTree(target.trim());
        var p = Json.TREE_READER.readTree(patch.trim());
        assertThat(MergePatch.apply(t, p)).isEqualTo(Json.TREE_READER.readTree(result.trim()));
    }
}
