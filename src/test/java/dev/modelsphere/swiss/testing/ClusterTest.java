package dev.modelsphere.swiss.testing;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;

/**
 * Marks a test class that needs the test Kubernetes cluster ({@link KubeCluster}): it carries the
 * JUnit tag {@value #TAG}, which {@code hack/test --unit} (Maven profile {@code unit}) leaves out.
 * {@link KubeCluster} refuses to serve a class without it, so a cluster test cannot slip into the
 * unit run unmarked.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Tag(ClusterTest.TAG)
public @interface ClusterTest {
  String TAG = "cluster";
}
