import { Building2, LogOut, Monitor, Moon, Sun, UserRound } from "lucide-react";
import { useId } from "react";
import { Link, useNavigate } from "react-router";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { toast } from "@/components/ui/sonner";
import { signOut, useUser } from "@/lib/session";
import { setThemePreference, type ThemePreference, themePreferences, useTheme } from "@/lib/theme";

const themeChoices: Record<ThemePreference, { label: string; icon: typeof Sun }> = {
  system: { label: "System", icon: Monitor },
  light: { label: "Light", icon: Sun },
  dark: { label: "Dark", icon: Moon },
};

/** The full name falls back to the email (then the phone). */
export function displayName(user: {
  email: string | null;
  phone: string | null;
  user_metadata: { full_name: string | null };
}): string {
  return user.user_metadata.full_name?.trim() || user.email || user.phone || "Account";
}

/**
 * The avatar menu: name and initial, Profile, Organization Settings, the theme (System, Light,
 * Dark), Log out → /login.
 */
export function UserMenu() {
  const user = useUser();
  const navigate = useNavigate();
  const { preference } = useTheme();
  const themeLabel = useId();
  if (!user) return null;
  const name = displayName(user);
  const initial = name.replace(/^\+/, "").charAt(0).toUpperCase();

  const onLogout = async () => {
    try {
      await signOut();
      navigate("/login", { replace: true });
    } catch (error) {
      toast.error("Logout failed", {
        description: error instanceof Error ? error.message : undefined,
      });
    }
  };

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        {/* Named by what it shows (WCAG 2.5.3): the name, then what the button opens. */}
        <Button variant="ghost" className="h-9 gap-2 px-1.5">
          <span
            aria-hidden="true"
            className="flex size-8 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground"
          >
            {initial}
          </span>
          <span className="sr-only text-sm font-medium sm:not-sr-only sm:max-w-40 sm:truncate">
            {name}
          </span>{" "}
          <span className="sr-only">Account menu</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel className="grid">
          <span className="truncate">{name}</span>
          {user.email && user.email !== name ? (
            <span className="truncate text-xs font-normal text-muted-foreground">{user.email}</span>
          ) : null}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/admin/settings/profile">
            <UserRound className="size-4" aria-hidden="true" />
            Profile
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/admin/settings/organization">
            <Building2 className="size-4" aria-hidden="true" />
            Organization Settings
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuLabel id={themeLabel} className="text-xs font-normal text-muted-foreground">
          Theme
        </DropdownMenuLabel>
        <DropdownMenuRadioGroup
          aria-labelledby={themeLabel}
          value={preference}
          onValueChange={(value) => setThemePreference(value as ThemePreference)}
        >
          {themePreferences.map((value) => {
            const { label, icon: Icon } = themeChoices[value];
            return (
              <DropdownMenuRadioItem key={value} value={value}>
                <Icon className="size-4" aria-hidden="true" />
                {label}
              </DropdownMenuRadioItem>
            );
          })}
        </DropdownMenuRadioGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void onLogout()}>
          <LogOut className="size-4" aria-hidden="true" />
          Log out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
