package dev.modelsphere.swiss.llmsvc;

import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/** The LLMService CRD the build generated from {@link LlmService}, read from the classpath. */
public final class LlmServiceCrd {
  private LlmServiceCrd() {}

  public static CustomResourceDefinition load() {
    try (InputStream in =
        LlmServiceCrd.class.getClassLoader().getResourceAsStream(LlmService.CRD_RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException(
            LlmService.CRD_RESOURCE
                + " is not on the classpath: the Maven build generates it at process-classes");
      }
      return new KubernetesSerialization().unmarshal(in, CustomResourceDefinition.class);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + LlmService.CRD_RESOURCE, e);
    }
  }
}
