"use client";

import { UnexpectedError } from "@/components/errors/unexpected-error";

export default UnexpectedError;
