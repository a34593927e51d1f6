package io.ccrj.bench.runner;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import joptsimple.ArgumentAcceptingOptionSpec;
import joptsimple.BuiltinHelpFormatter;
import joptsimple.OptionDescriptor;
import joptsimple.OptionException;
import joptsimple.OptionParser;
import joptsimple.OptionSet;
import joptsimple.OptionSpec;
import joptsimple.ValueConversionException;
import joptsimple.ValueConverter;

/**
 * The option parser of the runners not yet declared for picocli ({@code overhead}, {@code mpi}):
 * jopt-simple (the parser JMH itself uses), with the checks every runner shares; the others use
 * {@link Commands}, and these follow once converted. Long options only ({@code --stages 5} or
 * {@code --stages=5}), no abbreviations, lists comma-separated; a bad value fails with an
 * {@link IllegalArgumentException} naming the option, which {@link Main} prints with a hint to
 * {@code --help} (exit code 2). Two things jopt-simple lets through are rejected here: a value given
 * to a flag ({@code --full=yes}, which it would ignore) and an empty item of a list
 * ({@code --sizes=1,,4}, which it would skip).
 *
 * <p>The option builders take the subcommand's parser, the option's name and its help text, and
 * those that take it {@code shown}: what the usage shows as the value. The getters ({@code intIn} and the
 * like) take the parse and the option, the value to use when it was not given and the range
 * allowed; they fail naming the option.
 */
public final class Cli {
    /** Whole numbers, underscores allowed ({@code 500_000}). */
    public static final ValueConverter<Integer> WHOLE =
            converter(Integer.class, s -> numeral(s, Integer::parseInt, "a whole number"), "N");
    /** Numbers ({@code 1.5}, {@code 28}), underscores allowed too. */
    public static final ValueConverter<Double> NUMBER =
            converter(Double.class, s -> numeral(s, Double::parseDouble, "a number"), "NUMBER");

    /** The list options ({@link #list}), by identity: their values are checked for empty items. */
    private static final Set<OptionSpec<?>> LISTS = Collections.synchronizedSet(Collections.newSetFromMap(new IdentityHashMap<>()));

    private Cli() {
    }

    /** A flag, which takes no value. */
    public static OptionSpec<Void> flag(OptionParser p, String name, String help) {
        return p.accepts(name, help);
    }

    /** An option taking one whole number ({@link #WHOLE}). */
    public static OptionSpec<Integer> whole(OptionParser p, String name, String help) {
        return p.accepts(name, help).withRequiredArg().withValuesConvertedBy(WHOLE).describedAs("N");
    }

    /** An option taking one number ({@link #NUMBER}). */
    public static OptionSpec<Double> number(OptionParser p, String name, String help, String shown) {
        return p.accepts(name, help).withRequiredArg().withValuesConvertedBy(NUMBER).describedAs(shown);
    }

    /** An option taking one string. */
    public static OptionSpec<String> text(OptionParser p, String name, String help, String shown) {
        return p.accepts(name, help).withRequiredArg().describedAs(shown);
    }

    /**
     * A comma-separated list option; an empty item ({@code 1,,4}, {@code 1,}, an empty value) is
     * rejected by {@link #parse}. The first of {@code names} is the option's own, the others aliases.
     */
    public static <T> OptionSpec<T> list(OptionParser p, List<String> names, String help, ValueConverter<T> items) {
        ArgumentAcceptingOptionSpec<T> spec = p.acceptsAll(names, help).withRequiredArg().withValuesConvertedBy(items)
                .withValuesSeparatedBy(',').describedAs("LIST");
        LISTS.add(spec);
        return spec;
    }

    /** A parser that accepts {@code -h}/{@code --help} and nothing abbreviated. */
    public static OptionParser parser() {
        OptionParser p = new OptionParser(false);
        p.acceptsAll(List.of("h", "help"), "this text").forHelp();
        return p;
    }

    /** Parses a command line; fails on an unknown option, a stray argument or a bad value. */
    public static OptionSet parse(OptionParser p, String... args) {
        checkTokens(p, args);
        OptionSet s;
        try {
            s = p.parse(args);
            for (OptionSpec<?> spec : s.specs()) {
                s.valuesOf(spec); // converts now, where a bad value can still be reported as one
            }
        } catch (OptionException e) {
            // A value that did not convert: our converter's message says why; jopt-simple's own names the option.
            throw new IllegalArgumentException(e.getCause() instanceof ValueConversionException v && !e.options().isEmpty()
                    ? "option --" + e.options().iterator().next() + ": " + v.getMessage() : e.getMessage(), e);
        }
        if (!s.nonOptionArguments().isEmpty()) {
            throw new IllegalArgumentException("unexpected argument '" + s.nonOptionArguments().get(0) + "' (options start with --)");
        }
        return s;
    }

    /**
     * The usage text: {@code head} (what the command does, its first line
     * {@code Usage: bin/ccrj NAME [options]}), then the options as jopt-simple lists them.
     */
    public static String usage(String head, OptionParser p) {
        StringWriter w = new StringWriter();
        try {
            // Each option names its value itself (N, SECONDS, DIR, LIST): jopt-simple's type in front
            // of it would only repeat it ("<N: N>", "<String: DIR>").
            p.formatHelpWith(new BuiltinHelpFormatter(110, 2) {
                @Override
                protected String extractTypeIndicator(OptionDescriptor descriptor) {
                    return null;
                }
            });
            p.printHelpOn(w);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return head.strip() + "\n\n" + w;
    }

    /** A whole-number option's value, checked. */
    public static int intIn(OptionSet s, OptionSpec<Integer> spec, int fallback, int min, int max) {
        int v = s.has(spec) ? s.valueOf(spec) : fallback;
        check(spec, v >= min && v <= max, v + " is out of range " + min + ".." + max);
        return v;
    }

    /** A list of whole numbers, each checked, ascending, each once. */
    public static List<Integer> intsIn(OptionSet s, OptionSpec<Integer> spec, List<Integer> fallback, int min, int max) {
        List<Integer> v = s.has(spec) ? s.valuesOf(spec) : fallback;
        for (int i : v) {
            check(spec, i >= min && i <= max, i + " is out of range " + min + ".." + max);
        }
        return List.copyOf(new TreeSet<>(v));
    }

    /** A number option's value, checked (NaN and infinities fail). */
    public static double doubleIn(OptionSet s, OptionSpec<Double> spec, double fallback, double min, double max) {
        double v = s.has(spec) ? s.valueOf(spec) : fallback;
        check(spec, v >= min && v <= max, v + " is out of range " + min + ".." + max);
        return v;
    }

    /** A folder option's value, or {@code null} when not given; fails if blank. */
    public static Path folder(OptionSet s, OptionSpec<String> spec) {
        if (!s.has(spec)) {
            return null;
        }
        check(spec, !s.valueOf(spec).isBlank(), "a folder is needed");
        return Path.of(s.valueOf(spec));
    }

    /** A list option's values (or {@code fallback} when not given) in their natural order, each once. */
    public static <T extends Comparable<? super T>> List<T> sortedList(OptionSet s, OptionSpec<T> spec, List<T> fallback) {
        return List.copyOf(new TreeSet<>(s.has(spec) ? s.valuesOf(spec) : fallback));
    }

    /**
     * A converter for jopt-simple from a parse function whose {@link IllegalArgumentException}
     * says what is wrong; {@code pattern} is what the usage shows as the value.
     */
    public static <T> ValueConverter<T> converter(Class<T> type, Function<String, T> parse, String pattern) {
        return new ValueConverter<>() {
            @Override
            public T convert(String value) {
                try {
                    return parse.apply(value.trim());
                } catch (IllegalArgumentException e) {
                    throw new ValueConversionException(e.getMessage(), e);
                }
            }

            @Override
            public Class<? extends T> valueType() {
                return type;
            }

            @Override
            public String valuePattern() {
                return pattern;
            }
        };
    }

    private static <T> T numeral(String s, Function<String, T> parse, String what) {
        try {
            return parse.apply(s.replace("_", ""));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + s + "' is not " + what);
        }
    }

    /**
     * What jopt-simple would accept silently: {@code --flag=value} (the value ignored) and an empty
     * item of a list (skipped). Unknown options and missing values are left to jopt-simple, which
     * names them.
     */
    private static void checkTokens(OptionParser p, String... args) {
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals("--")) {
                return;
            }
            if (!a.startsWith("--")) {
                continue;
            }
            int eq = a.indexOf('=');
            String name = eq < 0 ? a.substring(2) : a.substring(2, eq);
            OptionSpec<?> spec = p.recognizedOptions().get(name);
            if (spec == null) {
                continue;
            }
            if (eq >= 0 && !((OptionDescriptor) spec).acceptsArguments()) {
                throw new IllegalArgumentException("option --" + name + " takes no value, got '" + a + "'");
            }
            if (LISTS.contains(spec)) {
                String value = eq >= 0 ? a.substring(eq + 1) : i + 1 < args.length && !args[i + 1].startsWith("--") ? args[++i] : null;
                if (value != null && (value.isBlank() || value.startsWith(",") || value.endsWith(",") || value.contains(",,"))) {
                    throw new IllegalArgumentException("option --" + name + ": empty item in '" + value + "'");
                }
            }
        }
    }

    private static void check(OptionSpec<?> spec, boolean ok, String problem) {
        if (!ok) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "option --%s: %s", spec.options().get(spec.options().size() - 1), problem));
        }
    }
}
