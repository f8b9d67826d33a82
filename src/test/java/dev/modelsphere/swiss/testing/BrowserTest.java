package dev.modelsphere.swiss.testing;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;

/**
 * Marks a test class that drives a real browser (Chromium, installed by {@code hack/browser}): it
 * carries the JUnit tag {@value #TAG}, which {@code hack/test --unit} (Maven profile {@code unit})
 * leaves out.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Tag(BrowserTest.TAG)
public @interface BrowserTest {
  String TAG = "browser";
}
