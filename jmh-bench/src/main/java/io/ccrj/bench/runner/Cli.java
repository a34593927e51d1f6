package io.ccrj.bench.runner;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import joptsimple.BuiltinHelpFormatter;
import joptsimple.OptionException;
import joptsimple.OptionParser;
import joptsimple.OptionSet;
import joptsimple.OptionSpec;
import joptsimple.ValueConversionException;
import joptsimple.ValueConverter;

/**
 * The runners' one option parser: jopt-simple (the parser JMH itself uses), with the checks every
 * runner shares. Long options only ({@code --stages 5} or {@code --stages=5}), no abbreviations,
 * lists comma-separated; a bad value fails with an {@link IllegalArgumentException} or jopt-simple's
 * {@code OptionException}, both naming the option, which {@link Main} prints with the usage
 * (exit code 2).
 */
public final class Cli {
    /** Whole numbers, underscores allowed ({@code 500_000}). */
    public static final ValueConverter<Integer> WHOLE = converter(Integer.class, s -> {
        try {
            return Integer.parseInt(s.replace("_", ""));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + s + "' is not a whole number");
        }
    }, "N");
    /** Numbers ({@code 1.5}, {@code 28}). */
    public static final ValueConverter<Double> NUMBER = converter(Double.class, s -> {
        try {
            return Double.parseDouble(s.replace("_", ""));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + s + "' is not a number");
        }
    }, "NUMBER");

    private Cli() {
    }

    /**
     * @return a parser that accepts {@code -h}/{@code --help} and nothing abbreviated
     */
    public static OptionParser parser() {
        OptionParser p = new OptionParser(false);
        p.acceptsAll(List.of("h", "help"), "this text").forHelp();
        return p;
    }

    /**
     * @param p the parser
     * @param args the command line
     * @return the parsed options; fails on an unknown option or a stray argument
     */
    public static OptionSet parse(OptionParser p, String... args) {
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
     * @param head what the command does, its first line {@code Usage: bin/ccrj NAME [options]}
     * @param p its parser
     * @return the usage text: the head, then the options as jopt-simple lists them
     */
    public static String usage(String head, OptionParser p) {
        StringWriter w = new StringWriter();
        try {
            p.formatHelpWith(new BuiltinHelpFormatter(110, 2));
            p.printHelpOn(w);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return head.strip() + "\n\n" + w;
    }

    /**
     * @param s the parse
     * @param spec a whole-number option
     * @param fallback its value when not given
     * @param min smallest allowed
     * @param max largest allowed
     * @return the value, checked
     */
    public static int intIn(OptionSet s, OptionSpec<Integer> spec, int fallback, int min, int max) {
        int v = s.has(spec) ? s.valueOf(spec) : fallback;
        check(spec, v >= min && v <= max, v + " is out of range " + min + ".." + max);
        return v;
    }

    /**
     * @param s the parse
     * @param spec a list of whole numbers
     * @param fallback the list when not given
     * @param min smallest allowed
     * @param max largest allowed
     * @return the values, ascending, each once
     */
    public static List<Integer> intsIn(OptionSet s, OptionSpec<Integer> spec, List<Integer> fallback, int min, int max) {
        List<Integer> v = s.has(spec) ? s.valuesOf(spec) : fallback;
        for (int i : v) {
            check(spec, i >= min && i <= max, i + " is out of range " + min + ".." + max);
        }
        return sortedDistinct(v);
    }

    /**
     * @param s the parse
     * @param spec a number option
     * @param fallback its value when not given
     * @param min smallest allowed
     * @param max largest allowed
     * @return the value, checked (NaN and infinities fail)
     */
    public static double doubleIn(OptionSet s, OptionSpec<Double> spec, double fallback, double min, double max) {
        double v = s.has(spec) ? s.valueOf(spec) : fallback;
        check(spec, v >= min && v <= max, v + " is out of range " + min + ".." + max);
        return v;
    }

    /**
     * @param s the parse
     * @param spec a folder option
     * @return the folder, or {@code null} when not given; fails if blank
     */
    public static Path folder(OptionSet s, OptionSpec<String> spec) {
        if (!s.has(spec)) {
            return null;
        }
        check(spec, !s.valueOf(spec).isBlank(), "a folder is needed");
        return Path.of(s.valueOf(spec));
    }

    /**
     * @param <T> the values' type
     * @param s the parse
     * @param spec a list option
     * @param fallback the list when not given
     * @return its values in their natural order, each once
     */
    public static <T extends Comparable<? super T>> List<T> sortedList(OptionSet s, OptionSpec<T> spec, List<T> fallback) {
        return sortedDistinct(s.has(spec) ? s.valuesOf(spec) : fallback);
    }

    /**
     * A converter for jopt-simple from a parse function whose {@link IllegalArgumentException}
     * says what is wrong.
     *
     * @param <T> the values' type
     * @param type the values' class
     * @param parse the parse function
     * @param pattern what the usage shows as the value
     * @return the converter
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

    /**
     * @param <T> the values' type
     * @param items some values
     * @return them in natural order, each once
     */
    public static <T extends Comparable<? super T>> List<T> sortedDistinct(List<T> items) {
        List<T> out = new ArrayList<>(new LinkedHashSet<>(items));
        out.sort(null);
        return List.copyOf(out);
    }

    private static void check(OptionSpec<?> spec, boolean ok, String problem) {
        if (!ok) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "option --%s: %s", spec.options().get(spec.options().size() - 1), problem));
        }
    }
}
