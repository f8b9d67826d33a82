package dev.modelsphere.swiss.llmsvc;

import io.fabric8.crd.generator.annotation.AdditionalPrinterColumn;
import io.fabric8.crd.generator.annotation.AdditionalPrinterColumn.Type;
import io.fabric8.generator.annotation.Required;
import io.fabric8.kubernetes.api.model.Namespaced;
import io.fabric8.kubernetes.client.CustomResource;
import io.fabric8.kubernetes.model.annotation.Group;
import io.fabric8.kubernetes.model.annotation.Kind;
import io.fabric8.kubernetes.model.annotation.Plural;
import io.fabric8.kubernetes.model.annotation.ShortNames;
import io.fabric8.kubernetes.model.annotation.Singular;
import io.fabric8.kubernetes.model.annotation.Version;

/**
 * One helm release in the object's namespace; {@code metadata.name} is the release name. The CRD
 * the API server serves is generated from this class at build time.
 */
@Group(LlmService.GROUP)
@Version(LlmService.VERSION)
@Kind("LLMService")
@Plural("llmservices")
@Singular("llmservice")
@ShortNames("llmsvc")
@AdditionalPrinterColumn(name = "Chart", jsonPath = ".spec.chart.name", type = Type.STRING)
@AdditionalPrinterColumn(name = "Version", jsonPath = ".status.chart.version", type = Type.STRING)
@AdditionalPrinterColumn(name = "Model", jsonPath = ".spec.model.name", type = Type.STRING)
@AdditionalPrinterColumn(name = "Phase", jsonPath = ".status.phase", type = Type.STRING)
@AdditionalPrinterColumn(name = "Revision", jsonPath = ".status.helm.revision", type = Type.INTEGER)
@AdditionalPrinterColumn(name = "Age", jsonPath = ".metadata.creationTimestamp", type = Type.DATE)
public class LlmService extends CustomResource<LlmServiceSpec, LlmServiceStatus>
    implements Namespaced {
  public static final String GROUP = "serving.modelsphere.dev";
  public static final String VERSION = "v1alpha1";
  public static final String CRD_NAME = "llmservices." + GROUP;

  /** Where the build puts the generated CRD, so the app can install it from the classpath. */
  public static final String CRD_RESOURCE = "META-INF/fabric8/" + CRD_NAME + "-v1.yml";

  public static final String FINALIZER = GROUP + "/finalizer";

  /** Overridden only to mark it required in the generated schema, as the operator's CRD does. */
  @Override
  @Required
  public LlmServiceSpec getSpec() {
    return super.getSpec();
  }
}
