package dev.modelsphere.swiss.helm;

import dev.modelsphere.swiss.error.ErrorKind;
import dev.modelsphere.swiss.kube.ObjectRefusal;
import java.util.List;

/**
 * The API server refused objects of an install or upgrade as invalid (a 422, or a 400 such as
 * strict field validation's unknown field): the plan's values render objects no cluster takes, so
 * sending them again changes nothing until the values do.
 */
public final class ObjectsRefused extends HelmException {

  private final List<ObjectRefusal> refusals;

  public ObjectsRefused(String doing, List<ObjectRefusal> refusals, Throwable cause) {
    super(
        ErrorKind.INVALID,
        "%s: the API server refused %s as invalid: %s; change the values that render %s and plan again"
            .formatted(
                doing,
                refusals.size() == 1 ? "an object" : refusals.size() + " fields of the objects",
                ObjectRefusal.describe(refusals),
                refusals.size() == 1 ? "it" : "them"),
        cause);
    this.refusals = List.copyOf(refusals);
  }

  public List<ObjectRefusal> refusals() {
    return refusals;
  }
}
