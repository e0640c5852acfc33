// The look of the product's buttons, for <Button> and for links and native form buttons of
// server components that must look like one.
export type ButtonVariant = "primary" | "secondary" | "danger" | "ghost";

const VARIANTS: Record<ButtonVariant, string> = {
  primary: "bg-blue-700 text-white hover:bg-blue-800 focus-visible:outline-blue-700",
  secondary: "border border-slate-300 bg-white text-slate-900 hover:bg-slate-100 focus-visible:outline-blue-700",
  danger: "bg-red-700 text-white hover:bg-red-800 focus-visible:outline-red-700",
  ghost: "text-slate-700 hover:bg-slate-200 focus-visible:outline-blue-700",
};

export function buttonClasses(variant: ButtonVariant = "primary", size: "sm" | "md" = "md"): string {
  const sizing = size === "sm" ? "px-2.5 py-1 text-sm" : "px-4 py-2 text-sm";
  return `inline-flex items-center justify-center gap-2 rounded-md font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60 ${sizing} ${VARIANTS[variant]}`;
}
