package io.ccrj.core;

import org.testng.IAnnotationTransformer;
import org.testng.annotations.ITestAnnotation;

import java.lang.reflect.Constructor;
import java.lang.reflect.Method;

/**
 * Gives every TestNG test (the Reactive Streams TCK's, run by the TestNG engine; see
 * junit-platform.properties) a time limit, as {@code @Timeout} does for the JUnit tests: the TCK
 * bounds its own waits, but a hung {@code onNext} would otherwise hang the build.
 */
public final class TckTimeLimit implements IAnnotationTransformer {
    /** Far above what any TCK test needs on a loaded machine. */
    static final long LIMIT_MILLIS = 30_000;

    @Override
    @SuppressWarnings("rawtypes") // the interface's signature
    public void transform(ITestAnnotation annotation, Class testClass, Constructor testConstructor, Method testMethod) {
        if (annotation.getTimeOut() <= 0) {
            annotation.setTimeOut(LIMIT_MILLIS);
        }
    }
}
