/** A radio button drawn as a card: its title, and a line under it saying what it means. */
export function RadioCard({
  name,
  value,
  checked,
  onChange,
  title,
  description,
}: {
  name: string;
  value: string;
  checked: boolean;
  onChange: () => void;
  title: string;
  description: string;
}) {
  const id = `${name}-${value}`;
  return (
    <label
      htmlFor={id}
      className="flex cursor-pointer items-start gap-3 rounded-lg border bg-card p-3 has-[:checked]:border-primary has-[:checked]:bg-primary/5 has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/40"
    >
      <input
        id={id}
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={onChange}
        className="mt-0.5 size-5 shrink-0 accent-primary"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-hint`}
      />
      <span className="grid gap-0.5">
        <span id={`${id}-title`} className="text-sm font-medium">
          {title}
        </span>
        <span id={`${id}-hint`} className="text-xs text-muted-foreground">
          {description}
        </span>
      </span>
    </label>
  );
}
