# One image for every process of the production stack (web, worker, beat); docker-compose.yml
# picks the command. The same commands run natively in CI (tests/production/).
FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1
WORKDIR /app
COPY pyproject.toml ./
COPY . .
RUN pip install --no-cache-dir . && \
    STATIC_ROOT=/app/staticfiles SECRET_KEY=build-only python manage.py collectstatic --noinput
ENV STATIC_ROOT=/app/staticfiles
EXPOSE 8000
CMD ["python", "manage.py", "serve", "--host", "0.0.0.0", "--port", "8000"]
