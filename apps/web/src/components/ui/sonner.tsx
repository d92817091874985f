import { Toaster as Sonner, type ToasterProps } from "sonner";

export { toast } from "sonner";

export function Toaster(props: ToasterProps) {
  return (
    <Sonner position="top-right" richColors closeButton className="toaster group" {...props} />
  );
}
