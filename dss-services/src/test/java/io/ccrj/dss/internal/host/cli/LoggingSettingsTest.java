package io.ccrj.dss.internal.host.cli;

import io.ccrj.dss.internal.host.HostDefaults;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The {@code Logging:} options become one {@link HostCli.Logging} record, as the host's other
 * settings groups are records; its default is {@link HostDefaults#LOG_LEVEL}, the one the help
 * text and the backend's fallback name.
 */
class LoggingSettingsTest {
    @Test
    void theLoggingOptionsAreOneRecord() {
        assertThat(HostCli.parse(new String[] {"--log-level", "Debug"}, Map.of()).logging())
                .isEqualTo(new HostCli.Logging("debug"));
        assertThat(HostCli.parse(new String[0], Map.of()).logging()).isEqualTo(new HostCli.Logging(null));
        assertThat(HostCli.parse(new String[] {"--help", "--log-level", "debug"}, Map.of()).logging())
                .isEqualTo(HostCli.Logging.UNSET);
    }

    @Test
    void theDefaultIsOneOfTheLevelsAndTheHelpNamesIt() {
        assertThat(HostLogging.LEVEL_NAMES).containsExactly("error", "warning", "info", "debug", "trace", "off");
        assertThat(HostLogging.LEVEL_NAMES).contains(HostDefaults.LOG_LEVEL);
        assertThat(HostCli.usage().replaceAll("\\s+", " ")).contains("(default " + HostDefaults.LOG_LEVEL
                + "; also the system property " + HostLogging.LEVEL_PROPERTY + ")");
    }
}
