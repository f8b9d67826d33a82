package dev.modelsphere.swiss.llmsvc;

/**
 * A plan that cannot become an LLMService, or an LLMService that cannot become a plan. Callers
 * decide what to answer by {@link #kind()}, never by the message, which is for people.
 */
public final class MappingException extends RuntimeException {
  /** What went wrong, as far as a caller needs to tell cases apart. */
  public enum Kind {
    /** No plan was given. */
    NIL_PLAN,
    /** The plan installs a chart from a local folder, which the operator cannot reach. */
    CHART_PATH,
    /** The plan names no chart repository, and the operator pulls only from one. */
    CHART_REPO,
    /** No object, or an object without a spec, was given. */
    NIL_OBJECT,
    /** {@code spec.layers} names a layer a plan cannot hold. */
    UNKNOWN_LAYER,
    /** {@code spec.layers} names a layer twice. */
    DUPLICATE_LAYER,
    /**
     * {@code spec.layers} is not in plan merge order, so a plan would merge it differently from the
     * operator.
     */
    LAYER_ORDER,
    /** The object's content no longer gives the plan hash swiss annotated it with. */
    HASH_MISMATCH
  }

  private final Kind kind;

  public MappingException(Kind kind, String message) {
    super(message);
    this.kind = kind;
  }

  public Kind kind() {
    return kind;
  }
}
