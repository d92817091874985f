import { type User, updateProfileSchema } from "@ringback/contracts";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/sonner";
import { ApiRequestError } from "@/lib/api-client";
import { useUpdateProfile } from "./api/account";

type Field = "fullName" | "email";
type FieldErrors = Partial<Record<Field, string>>;

/** Profile (a): full name and email, editable; the phone number, which is the sign-in, shown. */
export function PersonalDetailsCard({ user }: { user: User }) {
  const update = useUpdateProfile();
  const [saved, setSaved] = useState({
    fullName: user.user_metadata.full_name ?? "",
    email: user.email ?? "",
  });
  const [fullName, setFullName] = useState(saved.fullName);
  const [email, setEmail] = useState(saved.email);
  const [errors, setErrors] = useState<FieldErrors>({});
  const dirty = fullName !== saved.fullName || email !== saved.email;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = updateProfileSchema.safeParse({ fullName, email });
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      const updated = await update.mutateAsync(parsed.data);
      const values = {
        fullName: updated.user_metadata.full_name ?? "",
        email: updated.email ?? "",
      };
      setSaved(values);
      setFullName(values.fullName);
      setEmail(values.email);
      toast.success("Profile updated");
    } catch (error) {
      const message =
        error instanceof Error ? error.message : "Something went wrong. Please try again.";
      if (error instanceof ApiRequestError && error.code === "conflict") {
        setErrors({ email: message });
      }
      toast.error("Failed to update profile", { description: message });
    }
  };

  const clearError = (field: Field) =>
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));

  const fieldProps = (field: Field) =>
    errors[field]
      ? { "aria-invalid": true, "aria-describedby": `profile-${field}-error` }
      : { "aria-invalid": false };

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 id="personal-details" className="text-lg">
            Personal details
          </h2>
        </CardTitle>
        <CardDescription>Your name and email as your team sees them in Ringback.</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          onSubmit={onSubmit}
          noValidate
          aria-labelledby="personal-details"
          className="grid gap-5"
        >
          <div className="grid gap-5 sm:grid-cols-2">
            <div className="grid content-start gap-2">
              <Label htmlFor="profile-fullName">Full Name</Label>
              <Input
                id="profile-fullName"
                name="fullName"
                autoComplete="name"
                maxLength={200}
                value={fullName}
                onChange={(e) => {
                  setFullName(e.target.value);
                  clearError("fullName");
                }}
                {...fieldProps("fullName")}
              />
              {errors.fullName ? (
                <p id="profile-fullName-error" className="text-sm text-destructive">
                  {errors.fullName}
                </p>
              ) : null}
            </div>
            <div className="grid content-start gap-2">
              <Label htmlFor="profile-email">Email</Label>
              <Input
                id="profile-email"
                name="email"
                type="email"
                autoComplete="email"
                placeholder="you@company.com"
                value={email}
                onChange={(e) => {
                  setEmail(e.target.value);
                  clearError("email");
                }}
                {...fieldProps("email")}
              />
              {errors.email ? (
                <p id="profile-email-error" className="text-sm text-destructive">
                  {errors.email}
                </p>
              ) : null}
            </div>
          </div>
          <div className="grid content-start gap-2 sm:max-w-[calc(50%-0.625rem)]">
            <Label htmlFor="profile-phone">Phone Number</Label>
            <Input
              id="profile-phone"
              name="phone"
              type="tel"
              readOnly
              value={user.phone ?? "Not set"}
              aria-describedby="profile-phone-hint"
              className="bg-muted text-muted-foreground"
            />
            <p id="profile-phone-hint" className="text-sm text-muted-foreground">
              You sign in with codes sent to this number. It can't be changed here.
            </p>
          </div>
          <div className="flex items-center justify-end gap-3 border-t pt-5">
            {dirty && !update.isPending ? (
              <span className="text-sm text-muted-foreground">You have unsaved changes.</span>
            ) : null}
            <Button type="submit" disabled={!dirty || update.isPending}>
              {update.isPending ? "Saving..." : "Save"}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
