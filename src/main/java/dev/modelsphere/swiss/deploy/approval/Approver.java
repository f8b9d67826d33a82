package dev.modelsphere.swiss.deploy.approval;

/**
 * Who decides an approval request.
 *
 * @param name the signed-in user, or the user a trusted proxy named
 * @param sharedAccount the session is an account several people can hold (the local login's one
 *     account, or the anonymous user of a server with no login): it proves no second person, so it
 *     may reject but never approve
 */
public record Approver(String name, boolean sharedAccount) {
  public static Approver person(String name) {
    return new Approver(name, false);
  }
}
