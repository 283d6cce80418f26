/**
 * Turns a contracts/ zod schema into a Mantine form `validate` function: the form
 * shows exactly the messages the server answers with (one schema, both sides).
 * Error keys are the issue paths joined with dots ("countryLicenses.0.licenseNumber"),
 * which is how @mantine/form names nested fields.
 *
 * Typed structurally, so the web app does not import zod itself.
 */
interface SafeParser {
  safeParse(value: unknown):
    | { success: true }
    | { success: false; error: { issues: { path: (string | number)[]; message: string }[] } };
}

export function zodResolver<Values>(schema: SafeParser): (values: Values) => Record<string, string> {
  return (values) => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const key = issue.path.join('.');
      if (!(key in errors)) errors[key] = issue.message;
    }
    return errors;
  };
}
